"""What the phone walk measures inside a page: where the page's chrome ends and its primary action
sits, the targets smaller than 44 x 44 px, the focused controls a fixed bar hides, and sideways
overflow. Each runs as one script in the page, so a page costs one round trip per check."""

from playwright.sync_api import Page

MIN_TARGET = 44

# Everything the keyboard reaches, in document order (the app sets no positive tabindex).
FOCUSABLE = (
    "a[href], button:not([disabled]), input:not([type=hidden]):not([disabled]),"
    " select:not([disabled]), textarea:not([disabled]), details > summary:first-of-type,"
    " [tabindex]:not([tabindex^='-'])"
)

_SHARED = """
const rendered = el => el.getClientRects().length > 0
  && getComputedStyle(el).visibility !== 'hidden';
const describe = el => {
  const text = (el.innerText || el.value || el.getAttribute('aria-label') || '').trim();
  return el.tagName.toLowerCase() + (el.id ? '#' + el.id : '')
    + (el.name ? `[name=${el.name}]` : '') + (text ? ` "${text.slice(0, 30)}"` : '');
};
const box = el => { const r = el.getBoundingClientRect();
  return {x: Math.round(r.x), y: Math.round(r.y), width: Math.round(r.width),
          height: Math.round(r.height), bottom: Math.round(r.bottom)}; };
// Fixed and sticky boxes that may lie over the page: the bottom bar, a sticky header.
const bars = () => [...document.querySelectorAll('body *')].filter(el => {
  const position = getComputedStyle(el).position;
  return (position === 'fixed' || position === 'sticky') && rendered(el)
    && !el.classList.contains('skip-link');
});
"""

# WCAG 2.5.8's inline exception, made precise: a link that flows inside a line of text (display
# inline) whose block also holds words that are no control's (a sentence, "3 posts" after a
# thread's title) is sized by that text's line height, so it is not held to 44 px.
_INLINE_LINK = """
const inlineLink = el => {
  if (el.tagName !== 'A' || getComputedStyle(el).display !== 'inline') return false;
  let block = el.parentElement;
  while (block && getComputedStyle(block).display === 'inline') block = block.parentElement;
  const walker = document.createTreeWalker(block, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (/[\\p{L}\\p{N}]/u.test(node.textContent)
        && !node.parentElement.closest('a, button, label, summary, select, .visually-hidden'))
      return true;
  }
  return false;
};
"""

LAYOUT = (
    _SHARED
    + _INLINE_LINK
    + """
([primary, focusable, min]) => {
  const chrome = [...document.querySelectorAll('header.top, nav.game-nav')].filter(rendered);
  const headerEnd = Math.max(0, ...chrome.map(el => el.getBoundingClientRect().bottom));
  const barTop = Math.min(innerHeight, ...bars().map(el => el.getBoundingClientRect().top));
  const action = [...document.querySelectorAll(primary)].find(rendered);
  const small = [];
  for (const el of document.querySelectorAll(focusable + ', label')) {
    if (!rendered(el) || el.closest('.visually-hidden') || inlineLink(el)) continue;
    // A checkbox's or radio's target is itself with its label, which toggles it too.
    const labels = el.labels ? [...el.labels].filter(rendered) : [];
    if (el.tagName === 'LABEL' && !el.control) continue;
    if (el.tagName === 'LABEL' && !['checkbox', 'radio'].includes(el.control.type)) continue;
    if (el.tagName === 'INPUT' && ['checkbox', 'radio'].includes(el.type) && labels.length)
      continue;  // measured through its label
    const r = el.getBoundingClientRect();
    if (r.width < min - 0.5 || r.height < min - 0.5) small.push(describe(el) + ' '
      + Math.round(r.width) + 'x' + Math.round(r.height));
  }
  return {headerEnd: Math.round(headerEnd), barTop: Math.round(barTop),
          action: action ? box(action) : null, scrollY: scrollY, small};
}
"""
)

# Focuses every control in document order from the top of the page (as Tab goes), then in
# reverse from the bottom (as Shift+Tab goes), each scrolled as focus() scrolls it, and lists
# each one a fixed or sticky box covers, wholly or in part, or that lies outside the viewport.
FOCUS = (
    _SHARED
    + """
(focusable) => {
  const fixed = bars();
  const controls = [...document.querySelectorAll(focusable)].filter(rendered);
  const covered = new Set();
  const check = el => {
    el.focus();
    if (document.activeElement !== el) return;
    const r = el.getBoundingClientRect();
    const visibleY = Math.min(r.bottom, innerHeight) - Math.max(r.top, 0);
    let hidden = r.height - Math.max(0, visibleY);
    for (const bar of fixed) {
      if (bar.contains(el)) continue;
      const b = bar.getBoundingClientRect();
      const overlapX = Math.min(r.right, b.right) - Math.max(r.left, b.left);
      const overlapY = Math.min(r.bottom, b.bottom) - Math.max(r.top, b.top);
      if (overlapX > 0.5 && overlapY > 0.5) hidden = Math.max(hidden, overlapY);
    }
    if (hidden > 0.5)
      covered.add(describe(el) + (hidden >= r.height - 0.5 ? ' hidden' : ' partly'));
  };
  scrollTo(0, 0);
  controls.forEach(check);
  document.activeElement.blur();  // focus() on the focused control would not scroll
  scrollTo(0, document.documentElement.scrollHeight);
  [...controls].reverse().forEach(check);
  document.activeElement.blur();
  scrollTo(0, 0);
  return [...covered];
}
"""
)

OVERFLOW = """
() => ({scrollWidth: document.documentElement.scrollWidth, width: innerWidth,
        wide: [...document.querySelectorAll('main *')]
          .filter(el => (el.getBoundingClientRect().right > innerWidth + 0.5
                         || el.scrollWidth > el.clientWidth + 1
                            && getComputedStyle(el).overflowX === 'visible')
                        && !el.closest('.table-scroll, .game-nav, [hidden]'))
          .slice(0, 3).map(el => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '')
                                 + '.' + el.className)})
"""


def layout(page: Page, primary: str) -> dict:
    return page.evaluate(LAYOUT, [primary, FOCUSABLE, MIN_TARGET])


def focus_covered(page: Page) -> list[str]:
    return page.evaluate(FOCUS, FOCUSABLE)


def overflow(page: Page) -> dict:
    return page.evaluate(OVERFLOW)
