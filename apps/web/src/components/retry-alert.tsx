import type { ReactNode } from 'react';
import { Alert, Button } from 'antd';

interface RetryAlertProps {
  title: ReactNode;
  description?: ReactNode;
  onRetry(): void;
}

/** A load that failed inside a page or card: the spec's message and «Повторить», nothing lost around it. */
export function RetryAlert({ title, description, onRetry }: RetryAlertProps) {
  return (
    <Alert
      type="error"
      showIcon
      title={title}
      description={description}
      action={
        <Button size="small" onClick={onRetry}>
          Повторить
        </Button>
      }
    />
  );
}
