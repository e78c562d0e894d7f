import { useLayoutEffect, useRef, useState } from 'react';

/** A width to draw at before anything is measured (and in jsdom, which lays nothing out). */
const FALLBACK_WIDTH = 640;

/**
 * The width of the box a chart draws in, followed as it changes (a phone turned, a window
 * resized): the chart is drawn at that width, so it never pushes the page sideways.
 */
export function useWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setWidth(Math.floor(element.getBoundingClientRect().width));
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width: width > 0 ? width : FALLBACK_WIDTH };
}
