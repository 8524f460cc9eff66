import sanitizeHtml from 'sanitize-html';

/** Announcement HTML as stored and served: formatting only, no script, handlers, frames or javascript: links. */
export function sanitizeAnnouncement(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [
      ...sanitizeHtml.defaults.allowedTags,
      'img',
      'span',
      'u',
      's',
      'sub',
      'sup',
      'font',
      'del',
      'ins',
    ],
    allowedAttributes: {
      a: ['href', 'target', 'rel', 'title'],
      img: ['src', 'alt', 'title', 'width', 'height'],
      span: ['style'],
      p: ['style'],
      td: ['colspan', 'rowspan'],
      th: ['colspan', 'rowspan'],
      '*': ['class'],
    },
    allowedStyles: {
      '*': {
        color: [/^#[0-9a-f]{3,8}$/i, /^rgb\(/],
        'text-align': [/^(left|right|center|justify)$/],
        'font-weight': [/^\w+$/],
      },
    },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['http', 'https', 'data'] },
    transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer', target: '_blank' }) },
  });
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};

/**
 * An announcement title or abstract as plain text: tags dropped, angle brackets and control characters
 * removed. Titles travel to every user's bell, toasts and pushed messages, where nobody should have to trust
 * each renderer to escape them.
 */
export function plainTitle(text: string): string {
  const stripped = sanitizeHtml(text, { allowedTags: [], allowedAttributes: {} });
  return (
    stripped
      .replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity)
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes
      .replace(/[<>\u0000-\u001f\u007f]/g, '')
      .trim()
  );
}
