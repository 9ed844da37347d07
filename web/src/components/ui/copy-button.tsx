// Copies a text (an invitation link) to the clipboard and says so. Where the clipboard is refused (an
// insecure origin, a denied permission), it says how to copy by hand instead of failing silently.
import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from '../../lib/toast.ts';
import { Button, type ButtonProps } from './button.tsx';

export function CopyButton({
  text,
  label = 'Copy link',
  srLabel,
  ...props
}: { text: string; label?: string; srLabel?: string } & Omit<ButtonProps, 'onClick' | 'children'>) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      toast.success('Link copied');
    } catch {
      toast.info('Your browser did not allow copying. Select the link and copy it yourself.');
    }
  };

  return (
    <Button variant="secondary" size="sm" onClick={() => void copy()} {...props}>
      {copied ? (
        <Check aria-hidden="true" className="size-4" />
      ) : (
        <Copy aria-hidden="true" className="size-4" />
      )}
      {label}
      {srLabel ? <span className="sr-only"> {srLabel}</span> : null}
    </Button>
  );
}
