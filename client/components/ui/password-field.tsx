import { Eye, EyeOff } from 'lucide-react';
import { forwardRef, type InputHTMLAttributes, useState } from 'react';
import { Field } from './field';

type Props = InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string };

export const PasswordField = forwardRef<HTMLInputElement, Props>(
  function PasswordField(props, ref) {
    const [visible, setVisible] = useState(false);
    return (
      <Field
        ref={ref}
        type={visible ? 'text' : 'password'}
        trailing={
          <button
            type="button"
            onClick={() => setVisible((v) => !v)}
            aria-label={visible ? 'Hide password' : 'Show password'}
            aria-pressed={visible}
            className="rounded-lg p-2 text-muted hover:text-ink"
          >
            {visible ? (
              <EyeOff className="size-5" aria-hidden />
            ) : (
              <Eye className="size-5" aria-hidden />
            )}
          </button>
        }
        {...props}
      />
    );
  },
);
