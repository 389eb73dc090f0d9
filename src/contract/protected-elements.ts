// No zod here: the page script imports this file, and its bytes ride in every page of a site.

/**
 * Elements a `text`, `html`, `delete` or `duplicate` change may not touch (issue 41): they are the
 * page's styles, scripts, metadata and embedded documents, not its content. A `text` change on a
 * `<style>` restyled every page of the site and loaded foreign stylesheets. The page script refuses
 * them too, and anything inside `<head>`, `<svg>` or `<template>` (tracker/apply-changes.ts).
 * A selector list, so the page script checks an element with one `matches`.
 */
export const PROTECTED_ELEMENTS = 'style,script,link,meta,base,head,html,template,svg,iframe';

/** The changes that replace, remove or copy what they select (css and image only restyle it). */
export const STRUCTURAL_OPS = 'text html delete duplicate';

/**
 * CSS properties a change may not set: they take an element out of the page's flow or lay it over
 * other content (position, offsets, z-index, transforms, zoom), which is how a link is stretched over
 * the whole viewport to take every click. Matched against the name without dashes, in lower case
 * (`zIndex`, `z-index`, `WebkitTransform`).
 */
export const LAYOUT_PROPERTIES =
  /^(webkit|moz|ms|o)?(position|inset.*|top|right|bottom|left|zindex|transform.*|translate|scale|rotate|zoom)$/;

/** Whether a structural change must leave `el` alone: a protected element, or inside head, svg or template. */
export const isProtectedElement = (el: Element): boolean =>
  el.matches(PROTECTED_ELEMENTS) || !!el.closest('head,svg,template');
