/**
 * A light vector office printer for the hero: no image request, so the hero's text is the
 * largest paint and appears with the page. Decorative only.
 */
export function HeroIllustration({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 320 260" width="320" height="260" aria-hidden="true" focusable="false">
      <ellipse cx="160" cy="236" rx="130" ry="14" fill="rgb(0 0 0 / 18%)" />
      <rect x="52" y="34" width="216" height="56" rx="10" fill="#dfe7f0" />
      <rect x="66" y="22" width="188" height="22" rx="6" fill="#f4f7fa" />
      <rect x="86" y="46" width="70" height="8" rx="4" fill="#9fb3c8" />
      <rect x="40" y="86" width="240" height="120" rx="14" fill="#f8fafc" />
      <rect x="40" y="86" width="240" height="18" rx="9" fill="#e6ecf2" />
      <rect x="190" y="112" width="72" height="40" rx="6" fill="#0b2f52" />
      <rect x="198" y="120" width="40" height="6" rx="3" fill="#5fb3ff" />
      <rect x="198" y="132" width="26" height="6" rx="3" fill="#3a83c9" />
      <circle cx="250" cy="140" r="5" fill="#e8590c" />
      <rect x="58" y="118" width="112" height="10" rx="5" fill="#cfd9e4" />
      <rect x="58" y="166" width="196" height="12" rx="4" fill="#dfe7f0" />
      <rect x="58" y="184" width="196" height="12" rx="4" fill="#dfe7f0" />
      <path d="M96 160h128l-8-36h-112z" fill="#ffffff" />
      <rect x="112" y="132" width="80" height="5" rx="2.5" fill="#c5d3e2" />
      <rect x="112" y="142" width="60" height="5" rx="2.5" fill="#c5d3e2" />
      <rect x="52" y="206" width="22" height="20" rx="4" fill="#b9c7d6" />
      <rect x="246" y="206" width="22" height="20" rx="4" fill="#b9c7d6" />
    </svg>
  );
}
