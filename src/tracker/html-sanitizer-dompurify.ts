import DOMPurify from 'dompurify';
import { setHtmlSanitizer } from './html-sanitizer.js';

// DOMPurify's defaults already drop <script>, on* handlers, javascript: URLs, <iframe>, <object> and
// <embed>. Also refused (docs/tracking.md, "What an experiment can do to a page"):
// - <form> and action: what visitors type would go wherever the change says;
// - <style> and the style attribute: rules for the whole page (reading attribute values out through
//   background URLs), or a near-invisible link laid over the whole viewport that takes every click;
// - the command and popover attributes, which make a button act on other elements of the page;
// - a link off the page's own site, and any protocol-relative URL (`//host`, `/\host`, read as
//   another site).
// Where DOMPurify cannot work it hands its input back unchanged, so there no sanitizer is set and
// html changes are skipped.
const FORBID_ATTR = ['action', 'formaction', 'style', 'command', 'commandfor', 'popovertarget', 'popovertargetaction'];
const LINKS = ['href', 'xlink:href'];
const URLS = [...LINKS, 'src', 'srcset', 'poster', 'cite', 'background', 'ping'];
const protocolRelative = /^[\0-\x20]*[\\/][\\/]/;

function offSite(url: string): boolean {
  try {
    return new URL(url, location.href).origin != location.origin;
  } catch {
    return true;
  }
}

if (DOMPurify.isSupported) {
  DOMPurify.addHook('uponSanitizeAttribute', (_node, data) => {
    const name = data.attrName;
    if (URLS.indexOf(name) < 0) return;
    // srcset lists several URLs, each after a comma.
    const relative = data.attrValue.split(',').some((part) => protocolRelative.test(part));
    if (relative || (LINKS.indexOf(name) >= 0 && offSite(data.attrValue))) data.keepAttr = false;
  });
  setHtmlSanitizer((html) => DOMPurify.sanitize(html, { FORBID_TAGS: ['form', 'style'], FORBID_ATTR }));
}
