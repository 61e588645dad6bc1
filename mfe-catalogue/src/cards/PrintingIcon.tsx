/** The colour or mono icon shown beside the words (never instead of them). */
export function PrintingIcon({ printing, className }: { printing: 'colour' | 'mono'; className?: string }) {
  if (printing === 'mono') {
    return (
      <svg className={className} width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
        <circle cx="8" cy="8" r="7" fill="var(--colour-mono-icon)" />
      </svg>
    );
  }
  return (
    <svg className={className} width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <circle cx="5.5" cy="6" r="4.5" fill="#00a3d9" fillOpacity="0.85" />
      <circle cx="10.5" cy="6" r="4.5" fill="#d6007e" fillOpacity="0.8" />
      <circle cx="8" cy="10.5" r="4.5" fill="#f2c200" fillOpacity="0.8" />
    </svg>
  );
}
