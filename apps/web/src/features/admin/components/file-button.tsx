import type { InputHTMLAttributes, Ref } from 'react';
import { Upload } from 'lucide-react';
import { buttonClass } from '../../../components/button.tsx';
import { t } from '../i18n.ts';
import './file-button.css';

interface FileButtonProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className' | 'onChange' | 'ref'> {
  id: string;
  inputRef?: Ref<HTMLInputElement>;
  onFile: (file: File) => void;
}

/**
 * A file field that speaks the page's language (issue 42: the browser's own "Choose File" / "No file chosen" stayed
 * English on Arabic pages). The real input is visually hidden but keeps the focus, the field's label and the files;
 * a label drawn as a button opens it. What the file became shows below it (the
 * import's check, the logo's preview).
 */
export function FileButton({ id, inputRef, onFile, disabled, ...rest }: FileButtonProps) {
  return (
    <div className={`file-button${disabled ? ' file-button--disabled' : ''}`}>
      <input
        {...rest}
        ref={inputRef}
        id={id}
        type="file"
        className="visually-hidden file-button__input"
        disabled={disabled}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) onFile(file);
        }}
      />
      {/* a second label of the same input: a click on it opens the browser's file chooser */}
      <label htmlFor={id} className={buttonClass('secondary', { small: true })} aria-hidden="true">
        <Upload size={16} aria-hidden="true" />
        {t('Choose a file')}
      </label>
    </div>
  );
}
