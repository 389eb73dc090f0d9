// The page script with DOMPurify, served by `/sightline.js?p=ID` when one of the property's running
// tests has an `html` change (docs/tracking.md). Imports run in order: the sanitizer is in place
// before index.ts applies anything.
import './html-sanitizer-dompurify.js';
import './index.js';
