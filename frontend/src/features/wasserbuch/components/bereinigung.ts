import DOMPurify from 'dompurify';
import { PDF_PFAD } from '../api/wasserbuch';

/**
 * The browser's own sanitising of a register page, after the server's (internal/plattform/wasserbuch,
 * bluemonday): the same allow-list — structure only, class values status0..status3, links to
 * http(s) or to the viewer's PDF action — so a page the server let through by mistake still
 * runs no script and carries no style.
 */
const ERLAUBTE_TAGS = [
  'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'div', 'span', 'section', 'article', 'header', 'footer',
  'strong', 'b', 'em', 'i', 'u', 'small', 'sub', 'sup', 'abbr', 'time', 'blockquote', 'pre', 'code',
  'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'a',
];
const ERLAUBTE_ATTRIBUTE = ['href', 'class', 'scope', 'colspan', 'rowspan', 'title', 'datetime', 'target', 'rel'];
const STATUS = /^status[0-3]$/;

let purify: ReturnType<typeof DOMPurify> | undefined;

function instanz() {
  if (purify) return purify;
  // an instance of its own: its hooks touch no other use of DOMPurify
  const p = DOMPurify(window);
  p.addHook('uponSanitizeAttribute', (_node, data) => {
    if (data.attrName === 'class') {
      const status = data.attrValue.split(/\s+/).find((k) => STATUS.test(k));
      if (status) data.attrValue = status;
      else data.keepAttr = false;
    }
  });
  p.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName !== 'A') return;
    const href = node.getAttribute('href') ?? '';
    if (href.startsWith(PDF_PFAD)) {
      node.removeAttribute('target');
      node.removeAttribute('rel');
    } else if (/^https?:\/\//i.test(href)) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    } else {
      node.removeAttribute('href');
    }
  });
  purify = p;
  return p;
}

/** Sanitises the register page's HTML for rendering. */
export function bereinige(html: string): string {
  return instanz().sanitize(html, {
    ALLOWED_TAGS: ERLAUBTE_TAGS,
    ALLOWED_ATTR: ERLAUBTE_ATTRIBUTE,
    ALLOWED_URI_REGEXP: /^(?:https?:\/\/|\/api\/digiwab-pdf\/\?)/i,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
  });
}

/** The entry and document a link of the page names, if it is a document reference. */
export function dokumentVerweis(href: string | null): { entryId: string; dokId: string } | undefined {
  if (!href?.startsWith(PDF_PFAD)) return undefined;
  const q = new URLSearchParams(href.slice(href.indexOf('?') + 1));
  const entryId = q.get('entryId');
  const dokId = q.get('dokId');
  return entryId && dokId ? { entryId, dokId } : undefined;
}
