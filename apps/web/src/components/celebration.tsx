/** A house with confetti: the picture of a success screen. */
export function Celebration({ size = 160 }: { size?: number }) {
  return (
    <svg viewBox="0 0 160 120" width={size} height={(size * 3) / 4} aria-hidden focusable="false">
      <circle cx="80" cy="66" r="44" fill="var(--mantine-color-teal-1)" />
      <path d="M50 70 80 44l30 26v28H50z" fill="var(--mantine-color-teal-6)" />
      <path d="M44 72 80 40l36 32" fill="none" stroke="var(--mantine-color-teal-8)" strokeWidth="6" strokeLinecap="round" strokeLinejoin="round" />
      <rect x="72" y="78" width="16" height="20" rx="2" fill="#fff" />
      <g strokeLinecap="round" strokeWidth="5">
        <path d="M22 32l8 6" stroke="var(--mantine-color-yellow-5)" />
        <path d="M138 30l-8 7" stroke="var(--mantine-color-pink-5)" />
        <path d="M16 76h10" stroke="var(--mantine-color-blue-5)" />
        <path d="M134 82h11" stroke="var(--mantine-color-yellow-5)" />
        <path d="M80 4v10" stroke="var(--mantine-color-grape-5)" />
      </g>
      <circle cx="38" cy="106" r="4" fill="var(--mantine-color-pink-4)" />
      <circle cx="124" cy="108" r="4" fill="var(--mantine-color-blue-4)" />
      <circle cx="46" cy="14" r="3" fill="var(--mantine-color-teal-4)" />
      <circle cx="116" cy="12" r="3" fill="var(--mantine-color-orange-4)" />
    </svg>
  );
}
