/**
 * Runs `task` once the next frame has painted (a timer from the frame's callback runs after its paint);
 * returns what cancels it. For work that would lay the page out inside the commit that first shows it.
 */
export function afterNextPaint(task: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(task);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
