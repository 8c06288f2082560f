"use client";

import { useEffect, useState } from "react";

/**
 * How many SVG user units one CSS pixel holds on screen, for an SVG drawn in a `viewBoxWidth`
 * wide viewBox and scaled to its container: 1 while the drawing shows at full size or larger (and
 * before it is measured), more on a narrow screen. A chart multiplies its label sizes by it, so a
 * label given as 11 px stays 11 px on a phone instead of shrinking with the drawing
 * (docs/decisions/0029). Pass the element through a callback ref (`ref={setElement}`).
 */
export function useUnitsPerPixel(element: Element | null, viewBoxWidth: number): number {
  const [unitsPerPixel, setUnitsPerPixel] = useState(1);
  useEffect(() => {
    if (!element || typeof ResizeObserver === "undefined") return;
    const measure = () => {
      const width = element.getBoundingClientRect().width;
      // Rounded, so a sub-pixel change of layout does not redraw the chart.
      setUnitsPerPixel(width > 0 ? Math.max(1, Math.round((viewBoxWidth / width) * 100) / 100) : 1);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, viewBoxWidth]);
  return unitsPerPixel;
}
