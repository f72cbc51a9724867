import { product } from '../lib/product';

/** The product mark (the favicon drawing), painted in the current accent. */
export function BrandMark({ size = 36 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="var(--crm-accent, #7c3aed)" />
      <path
        d="M14 38l5-12c1-3 3-4 6-4h14c3 0 5 1 6 4l5 12v8a2 2 0 0 1-2 2h-4a2 2 0 0 1-2-2v-2H22v2a2 2 0 0 1-2 2h-4a2 2 0 0 1-2-2z"
        fill="#fff"
      />
      <circle cx="22" cy="38" r="3" fill="var(--crm-accent, #7c3aed)" />
      <circle cx="42" cy="38" r="3" fill="var(--crm-accent, #7c3aed)" />
      <path
        d="M24 12c0 3-3 4-3 7a3 3 0 0 0 6 0c0-3-3-4-3-7zm16 0c0 3-3 4-3 7a3 3 0 0 0 6 0c0-3-3-4-3-7z"
        fill="#fff"
        opacity="0.7"
      />
    </svg>
  );
}

export function BrandLogo({ size = 36, compact = false }: { size?: number; compact?: boolean }) {
  return (
    <span className="brand-logo">
      <BrandMark size={size} />
      {!compact && <span className="brand-logo__name">{product.name}</span>}
    </span>
  );
}
