// The QR version qrcode.react draws for a text (as the QR page and the flyer do: level H): its SVG is
// 17 + 4 × version modules wide when drawn without a margin. Used by server and client tests alike.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { QRCodeSVG } from 'qrcode.react';

export function qrVersionOf(text: string): number {
  const markup = renderToStaticMarkup(createElement(QRCodeSVG, { value: text, level: 'H', marginSize: 0 }));
  const match = /viewBox="0 0 (\d+) \1"/.exec(markup);
  if (!match) throw new Error(`no viewBox in ${markup.slice(0, 200)}`);
  return (Number(match[1]) - 17) / 4;
}
