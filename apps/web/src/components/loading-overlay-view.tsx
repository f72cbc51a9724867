import { BrandMark } from './brand-logo';

/**
 * The loading overlay's markup (styles: shared-ui.css). Apart from `loading-overlay.tsx` so that the login
 * page's build-time markup can draw it too: that renders in the Vite config, which cannot import CSS.
 */
export function LoadingOverlayView({ text }: { text: string }) {
  return (
    <div className="loading-overlay" role="status" aria-live="polite">
      <div className="loading-overlay__mark">
        <span className="loading-overlay__ring" />
        <BrandMark size={44} />
      </div>
      <p className="loading-overlay__text">{text}</p>
    </div>
  );
}
