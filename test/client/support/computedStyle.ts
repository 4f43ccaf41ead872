// A fast window.getComputedStyle for every client suite, installed by test/setup/client.ts.
//
// Why: jsdom's getComputedStyle matches every rule of every <style> in the page against the element, and antd's
// CSS-in-JS injects hundreds of KB of rules: one call takes about two seconds on the shared machine. Testing
// Library's *ByRole queries, user-event (its pointer-events check walks the ancestors) and antd's popups, motion
// and auto-sizing text area call it for each element they look at — hundreds of calls in one form test.
//
// What it answers: the element's inline style (a copy, read-only by contract like the real one), so `display: none` or
// `visibility: hidden` set inline still hides an element from toBeVisible() and role queries. Stylesheet rules
// are ignored: jsdom does no layout, so nothing computed from them could be asserted meaningfully anyway.
// Box lengths the inline style leaves unset answer their CSS initial value '0px' rather than '', because code
// that measures parses them as numbers (antd's auto-sizing TextArea would size itself NaN px high).
// Pseudo-elements (unimplemented in jsdom) get the same initial-value style.
//
// A test may still spy on window.getComputedStyle to answer something else for one case.

const SIDES = ['top', 'right', 'bottom', 'left'];
/** Lengths whose initial value is 0: read as numbers by measuring code. */
const ZERO_LENGTHS = SIDES.flatMap((side) => [`padding-${side}`, `margin-${side}`, `border-${side}-width`]);

/**
 * One answer per inline style text. A computed style is read-only in a browser, so code that runs there never
 * writes to one, and elements with the same inline style (most have none) can share it: building an answer (a
 * detached element's style, its text parsed, twelve properties set) was a fortieth of the client suites' CPU,
 * most of it for the role queries' and user-event's walks up the ancestors.
 */
const answers = new Map<string, CSSStyleDeclaration>();

function inlineComputedStyle(element: Element, pseudoElement?: string | null): CSSStyleDeclaration {
  const inline = (element as Partial<ElementCSSInlineStyle>).style;
  const cssText = !pseudoElement && inline ? inline.cssText : '';
  let answer = answers.get(cssText);
  if (!answer) {
    answer = document.createElement('div').style;
    answer.cssText = cssText;
    for (const property of ZERO_LENGTHS) {
      if (!answer.getPropertyValue(property)) answer.setProperty(property, '0px');
    }
    answers.set(cssText, answer);
  }
  return answer;
}

export function installInlineComputedStyle(): void {
  window.getComputedStyle = inlineComputedStyle as typeof window.getComputedStyle;
}
