/** Nowou's timelines: the day and week grid lands here. */
export function TimelineApp() {
  return <p>Timelines arrive here.</p>;
}
