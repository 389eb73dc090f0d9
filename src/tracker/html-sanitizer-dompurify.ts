import DOMPurify from 'dompurify';
import { setHtmlSanitizer } from './html-sanitizer.js';

// DOMPurify's defaults already drop <script>, on* handlers, javascript: URLs, <iframe>, <object> and
// <embed>. Also refused: <form> and action (what visitors type would go wherever the change says) and
// <style> (rules for the whole page, e.g. reading attribute values out through background URLs).
// Where DOMPurify cannot work it hands its input back unchanged, so there no sanitizer is set and
// html changes are skipped.
if (DOMPurify.isSupported) {
  setHtmlSanitizer((html) =>
    DOMPurify.sanitize(html, { FORBID_TAGS: ['form', 'style'], FORBID_ATTR: ['action', 'formaction'] }),
  );
}
