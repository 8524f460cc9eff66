import { describe, expect, it } from 'vitest';
import { ellipsis, paginationLabel, shortFileName, staticFileUrl } from './format.ts';

describe('paginationLabel', () => {
  it('shows the range and total', () => {
    expect(paginationLabel(53, [11, 20])).toBe('11-20 共 53 条');
    expect(paginationLabel(0, [0, 0])).toBe('0-0 共 0 条');
  });
  it('reads in English for the English console', () => {
    expect(paginationLabel(53, [11, 20], 'en')).toBe('11-20 of 53');
  });
});

describe('ellipsis', () => {
  it('cuts after 25 characters by default', () => {
    expect(ellipsis('a'.repeat(26))).toBe(`${'a'.repeat(25)}...`);
    expect(ellipsis('a'.repeat(25))).toBe('a'.repeat(25));
  });
  it('counts Chinese and astral characters as one each', () => {
    expect(ellipsis('网络货运平台', 4)).toBe('网络货运...');
    expect(ellipsis('🚚🚚🚚', 2)).toBe('🚚🚚...');
  });
  it('gives empty text for empty input', () => {
    expect(ellipsis('')).toBe('');
    expect(ellipsis(null)).toBe('');
    expect(ellipsis(undefined)).toBe('');
  });
});

describe('shortFileName', () => {
  it('keeps 5 characters', () => {
    expect(shortFileName('waybill-photo.jpg')).toBe('waybi...');
    expect(shortFileName('a.png')).toBe('a.png');
    expect(shortFileName(null)).toBe('');
  });
});

describe('staticFileUrl', () => {
  const domain = '/jeecg-boot/sys/common/static';
  it('prefixes the domain to a relative path with one slash', () => {
    expect(staticFileUrl(domain, 'temp/a.png')).toBe(`${domain}/temp/a.png`);
    expect(staticFileUrl(`${domain}/`, '/temp/a.png')).toBe(`${domain}/temp/a.png`);
  });
  it('leaves absolute URLs and bracketed values alone', () => {
    expect(staticFileUrl(domain, 'https://cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png');
    expect(staticFileUrl(domain, 'HTTP://x/a.png')).toBe('HTTP://x/a.png');
    expect(staticFileUrl(domain, '[{"url":"a.png"}]')).toBe('[{"url":"a.png"}]');
    expect(staticFileUrl(domain, 'a]b')).toBe('a]b');
  });
  it('gives empty text for no path', () => {
    expect(staticFileUrl(domain, '')).toBe('');
    expect(staticFileUrl(domain, null)).toBe('');
  });
});
