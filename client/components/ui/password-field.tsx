import { Eye, EyeOff } from 'lucide-react';
import { forwardRef, type InputHTMLAttributes, useState } from 'react';
import { messages as englishMessages } from '../../../shared/i18n/compiled/en.auth';
import { addMessages } from '../../lib/i18n';
import { useI18n } from '../../lib/use-i18n';
import { Field } from './field';

// The field's words are the sign-in screens' (`field.`); a reset or account page brings them too.
addMessages('auth', englishMessages);

type Props = InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string };

export const PasswordField = forwardRef<HTMLInputElement, Props>(
  function PasswordField(props, ref) {
    const [visible, setVisible] = useState(false);
    const { _ } = useI18n();
    return (
      <Field
        ref={ref}
        type={visible ? 'text' : 'password'}
        trailing={
          <button
            type="button"
            onClick={() => setVisible((v) => !v)}
            aria-label={visible ? _('field.hidePassword') : _('field.showPassword')}
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
