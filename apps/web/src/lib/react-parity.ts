import { options, type RefCallback, type RefObject, type VNode } from 'preact';

/*
 * What React does that Preact (the web's runtime, see react-on-preact.ts) does not, installed before
 * the app renders (main.tsx, and the web's unit-test setup).
 */

/**
 * Effects run as soon as their render is in the page, before the browser handles the next event,
 * as React runs them after a click or a key. Preact waits for the next frame: a key pressed right
 * after a popover opened (Escape) could come before the popover listened for it.
 */
options.requestAnimationFrame = (flushEffects) => queueMicrotask(flushEffects);

/**
 * React's `autoFocus`, which Preact leaves to the browser: a browser honours `autofocus` once per page,
 * so a field or button shown later (the answer box of the next card, a "Next" button) would not get
 * the focus. Here an element rendered with `autoFocus` is focused once, when it first appears, and
 * never again on a later render.
 */
const focused = new WeakSet<HTMLElement>();

function focusOnce(element: HTMLElement | null) {
  if (!element || focused.has(element)) return;
  focused.add(element);
  // After this render is in the page: an element is not focusable before it is attached.
  queueMicrotask(() => {
    if (element.isConnected) element.focus();
  });
}

/** One wrapper per ref the element already had, so the ref stays the same from render to render. */
const wrappers = new WeakMap<object, (element: HTMLElement | null) => void>();

function withFocusOnce(ref: RefCallback<HTMLElement> | RefObject<HTMLElement | null>) {
  let wrapper = wrappers.get(ref);
  if (!wrapper) {
    wrapper = (element) => {
      focusOnce(element);
      if (typeof ref === 'function') ref(element);
      else ref.current = element;
    };
    wrappers.set(ref, wrapper);
  }
  return wrapper;
}

const previousHook = options.vnode;
options.vnode = (vnode: VNode<{ autoFocus?: boolean }>) => {
  if (typeof vnode.type === 'string' && vnode.props.autoFocus) {
    vnode.ref = vnode.ref ? withFocusOnce(vnode.ref) : focusOnce;
  }
  previousHook?.(vnode);
};
