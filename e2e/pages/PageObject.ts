// The base of the page objects: the page is set before a subclass's fields are, so that each element can be
// declared once, found from the page where it is declared.
import type { Page } from '@playwright/test';

export class PageObject {
  constructor(readonly page: Page) {}
}
