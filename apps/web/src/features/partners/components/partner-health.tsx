import { Tag, Tooltip, Typography } from 'antd';
import type { Partner } from '@crm/shared';
import { partnerLabels } from '../labels';
import { formatAgo, formatInstant } from '../lib/format';

/** An instant as «5 минут назад» with the exact time beside it (the viewer's zone); a dash when none. */
export function When({ iso, empty }: { iso: string | null; empty: string }) {
  if (!iso) return <Typography.Text type="secondary">{empty}</Typography.Text>;
  return (
    <Tooltip title={formatInstant(iso)}>
      <span>
        {formatAgo(iso)}{' '}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          ({formatInstant(iso)})
        </Typography.Text>
      </span>
    </Tooltip>
  );
}

/** Callbacks waiting for another try: red when any, neutral when none. */
export function FailuresBadge({ count }: { count: number }) {
  return (
    <Tag color={count > 0 ? 'error' : 'default'} aria-label={`${partnerLabels.failuresWaiting}: ${count}`}>
      {count}
    </Tag>
  );
}

/** The three health figures, one per line (the table's column and the phone's card share it). */
export function PartnerHealth({ health }: { health: Partner['health'] }) {
  return (
    <dl className="partner-health">
      <dt>{partnerLabels.lastSuccess}</dt>
      <dd>
        <When iso={health.last_success_at} empty={partnerLabels.never} />
      </dd>
      <dt>{partnerLabels.failuresWaiting}</dt>
      <dd>
        <FailuresBadge count={health.failures_waiting} />
      </dd>
      <dt>{partnerLabels.oldestUndelivered}</dt>
      <dd>
        <When iso={health.oldest_undelivered_at} empty={partnerLabels.none} />
      </dd>
    </dl>
  );
}
