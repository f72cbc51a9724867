import { useEffect, useState } from 'react';
import { Button, type ButtonProps } from 'antd';
import { MessageOutlined } from '@ant-design/icons';

interface SupportButtonProps extends Pick<ButtonProps, 'type' | 'block' | 'size'> {
  href: string;
  /** S1 §9 «Support button delay 10 s»: disabled with a countdown first. */
  delaySeconds?: number;
  label?: string;
}

/** A link to the support chat; opens in a new tab. */
export function SupportButton({
  href,
  delaySeconds = 0,
  label = 'Написать в поддержку',
  ...buttonProps
}: SupportButtonProps) {
  const [left, setLeft] = useState(delaySeconds);
  useEffect(() => {
    if (left <= 0) return;
    const timer = window.setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [left]);

  return (
    <Button
      {...buttonProps}
      icon={<MessageOutlined />}
      href={left > 0 ? undefined : href}
      target="_blank"
      rel="noopener noreferrer"
      disabled={left > 0}
    >
      {left > 0 ? `${label} (${left})` : label}
    </Button>
  );
}
