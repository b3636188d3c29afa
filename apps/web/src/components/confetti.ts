/** True when the person asked their system for less motion. */
export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
}

/**
 * A celebration burst (docs/product-rules.md#errors-and-success-messages: "Added to waitlist" and "Finish setup"). The library loads on first use,
 * so it never weighs on the first paint; nothing moves for people who prefer reduced motion.
 */
export async function fireConfetti(): Promise<void> {
  if (prefersReducedMotion()) return;
  try {
    const { default: confetti } = await import('canvas-confetti');
    const colors = ['#7e43ea', '#ec4899', '#f5f0ff', '#ad8bf2', '#facc15'];
    void confetti({ particleCount: 120, spread: 80, origin: { y: 0.65 }, colors, disableForReducedMotion: true });
    setTimeout(() => {
      void confetti({
        particleCount: 60,
        angle: 60,
        spread: 60,
        origin: { x: 0, y: 0.7 },
        colors,
        disableForReducedMotion: true,
      });
      void confetti({
        particleCount: 60,
        angle: 120,
        spread: 60,
        origin: { x: 1, y: 0.7 },
        colors,
        disableForReducedMotion: true,
      });
    }, 250);
  } catch {
    // Confetti is decoration: a chunk that fails to load must not fail the action it celebrates.
  }
}
