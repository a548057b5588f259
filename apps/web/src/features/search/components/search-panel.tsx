import { useState, type FormEvent, type RefObject } from 'react';
import { useNavigate } from 'react-router';
import { Search, X } from 'lucide-react';
import { ModalDialog } from '../../../components/modal-dialog.tsx';
import { searchPath } from '../../../lib/paths.ts';
import './search-panel.css';
import { t } from '../../../lib/i18n.ts';

interface SearchPanelProps {
  open: boolean;
  onClose: () => void;
  returnFocus: RefObject<HTMLElement | null>;
}

export function SearchPanel({ open, onClose, returnFocus }: SearchPanelProps) {
  const [text, setText] = useState('');
  const navigate = useNavigate();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const search = text.trim();
    if (!search) return;
    navigate(searchPath(search));
    setText('');
    onClose();
  };

  return (
    <ModalDialog open={open} onClose={onClose} className="search-panel" label={t('Search products')} returnFocus={returnFocus}>
      <form className="search-panel__form" role="search" onSubmit={onSubmit}>
        <Search size={22} aria-hidden="true" className="search-panel__icon" />
        <label htmlFor="search-panel-input" className="visually-hidden">{t('Search products')}</label>
        <input
          id="search-panel-input"
          className="search-panel__input"
          type="search"
          name="search"
          placeholder={t('Search Products...')}
          autoComplete="off"
          enterKeyHint="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          maxLength={100}
          autoFocus
        />
        <button type="submit" className="visually-hidden">{t('Search')}</button>
        <button type="button" className="icon-btn" onClick={onClose} aria-label={t('Close search')}>
          <X size={22} aria-hidden="true" />
        </button>
      </form>
    </ModalDialog>
  );
}
