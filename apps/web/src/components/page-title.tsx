import './shared-ui.css';

/**
 * A station page's heading: the page's name, then the station's name beside it — or under it when
 * `stacked` (phones, where the two do not fit on one line).
 */
export function PageTitle({
  title,
  station,
  stacked,
}: {
  title: string;
  station: string;
  stacked?: boolean;
}) {
  return (
    <div className={`page-title${stacked ? ' page-title--stacked' : ''}`}>
      <h1>{title}</h1>
      <span className="page-title__station">{station}</span>
    </div>
  );
}
