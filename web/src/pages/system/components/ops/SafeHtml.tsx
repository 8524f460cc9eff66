// Announcement HTML on screen: sanitised again in the browser (DOMPurify) whatever the server stored.
import DOMPurify from 'dompurify';
import { useMemo } from 'react';

export function SafeHtml({ html, className = 'notice-modal-content' }: { html: string; className?: string }) {
  const clean = useMemo(() => DOMPurify.sanitize(html), [html]);
  return (
    <>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised with DOMPurify above */}
      <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />
    </>
  );
}
