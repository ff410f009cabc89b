/** SVG markup as an image address: our CSP allows `data:` images, not inline markup. */
export const svgDataUrl = (svg: string) =>
  `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
