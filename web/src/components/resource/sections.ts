// Titled sections of long forms and details: a field's `section` starts a group that runs to the
// next field with one. Fields before the first titled field form an untitled group.
import type { Bilingual, ResourceField } from './types';

export interface FieldSection {
  title?: Bilingual;
  fields: ResourceField[];
}

/**
 * The shown fields grouped under the sections of the whole declaration (a section may start at a field that
 * is not shown here, e.g. a number only lists show); groups with no shown field are left out.
 */
export function sectionsOf(all: ResourceField[], shown: (field: ResourceField) => boolean): FieldSection[] {
  const groups: FieldSection[] = [];
  let current: FieldSection = { fields: [] };
  for (const field of all) {
    if (field.section) {
      if (current.fields.length) groups.push(current);
      current = { title: field.section, fields: [] };
    }
    if (shown(field)) current.fields.push(field);
  }
  if (current.fields.length) groups.push(current);
  return groups;
}
