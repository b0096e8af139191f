/**
 * The few Tabler icons (MIT) the public form shows at once, inlined: the icon library's runtime
 * would cost more than the icons themselves on the form's first load (bench/web-size.mjs).
 */
import type { CSSProperties } from 'react';

type Props = { size?: number; className?: string; style?: CSSProperties; color?: string };

function icon(paths: string[]) {
  return function Icon({ size = 24, className, style, color = 'currentColor' }: Props) {
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill="none"
        stroke={color}
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        className={className}
        style={style}
        aria-hidden="true"
        focusable="false"
      >
        {paths.map((d) => (
          <path key={d} d={d} />
        ))}
      </svg>
    );
  };
}

export const HeartbeatIcon = icon([
  'M19.5 13.572l-7.5 7.428l-2.896 -2.868m-6.117 -8.104a5 5 0 0 1 9.013 -3.022a5 5 0 1 1 7.5 6.572',
  'M3 13h2l2 3l2 -6l1 3h3',
]);
export const CalendarIcon = icon([
  'M4 7a2 2 0 0 1 2 -2h12a2 2 0 0 1 2 2v12a2 2 0 0 1 -2 2h-12a2 2 0 0 1 -2 -2v-12',
  'M16 3v4',
  'M8 3v4',
  'M4 11h16',
]);
export const AlertTriangleIcon = icon([
  'M12 9v4',
  'M10.363 3.591l-8.106 13.534a1.914 1.914 0 0 0 1.636 2.871h16.214a1.914 1.914 0 0 0 1.636 -2.87l-8.106 -13.536a1.914 1.914 0 0 0 -3.274 0',
  'M12 16h.01',
]);
export const CheckIcon = icon(['M5 12l5 5l10 -10']);
export const SendIcon = icon([
  'M10 14l11 -11',
  'M21 3l-6.5 18a.55 .55 0 0 1 -1 0l-3.5 -7l-7 -3.5a.55 .55 0 0 1 0 -1l18 -6.5',
]);
