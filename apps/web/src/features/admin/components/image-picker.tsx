import { useEffect, useId, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { ImageOff, ImagePlus, Link2, X } from 'lucide-react';
import { IMAGE_MAX_BYTES, IMAGES_PER_PRODUCT_MAX } from '@shop/core/constants';
import { MESSAGES } from '@shop/core/messages';
import { ImageUrlSchema } from '@shop/core/contract/fields';
import { FieldMessage } from '../../../components/form-field.tsx';
import { imageSources } from '../../../lib/image-sources.ts';
import type { FieldState } from '../../../lib/use-field-errors.ts';
import { notify } from '../../../lib/toasts.ts';
import { formatNumber, t } from '../i18n.ts';

export type ChosenImage =
  | { key: string; kind: 'link'; url: string }
  | { key: string; kind: 'file'; file: File; previewUrl: string };

interface ImagePickerProps {
  images: ChosenImage[];
  onChange: (images: ChosenImage[]) => void;
  /** device files go only with the multipart add-product call; the update call takes links */
  allowFiles: boolean;
  disabled?: boolean;
  /** the form's field for the images: its message shows here, and focus comes to the picker's first control */
  field?: FieldState;
}

let nextKey = 0;
const keyOf = () => `image-${++nextKey}`;

function fileSize(bytes: number): string {
  return bytes >= 1024 * 1024
    ? t('{size} MB', { size: formatNumber(bytes / (1024 * 1024), { minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: false }) })
    : t('{size} KB', { size: formatNumber(Math.max(1, Math.round(bytes / 1024)), { useGrouping: false }) });
}

/**
 * The product's pictures before they are saved: links and device files, shown as thumbnails with a
 * remove button each. Device files are previewed through object URLs, revoked when removed or left.
 * Whether a file really is an image is the server's call (it reads the bytes), never this picker's.
 */
export function ImagePicker({ images, onChange, allowFiles, disabled, field }: ImagePickerProps) {
  const id = useId();
  const [link, setLink] = useState('');
  // a picker's own refusals (a link that is not one, a file too large, too many) show here as well as in the toast
  const [linkError, setLinkError] = useState<string | null>(null);
  const [filesError, setFilesError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const latest = useRef(images);
  latest.current = images;

  useEffect(
    () => () => {
      for (const image of latest.current) if (image.kind === 'file') URL.revokeObjectURL(image.previewUrl);
    },
    [],
  );

  const roomFor = (count: number) => {
    if (images.length + count <= IMAGES_PER_PRODUCT_MAX) return true;
    notify.error(MESSAGES.tooManyFiles);
    setFilesError(MESSAGES.tooManyFiles);
    return false;
  };

  const addLink = () => {
    // a blank link is the schema's "Image link is required", as SPEC words it
    const checked = ImageUrlSchema.safeParse(link);
    if (!checked.success) {
      const message = checked.error.issues[0]?.message ?? MESSAGES.imageLinkInvalid;
      notify.error(message);
      setLinkError(message);
      return;
    }
    if (!images.some((image) => image.kind === 'link' && image.url === checked.data)) {
      if (!roomFor(1)) return;
      onChange([...images, { key: keyOf(), kind: 'link', url: checked.data }]);
    }
    setLink('');
    setLinkError(null);
  };

  const addFiles = (files: File[]) => {
    setFilesError(null);
    const fitting = files.filter((file) => {
      if (file.size <= IMAGE_MAX_BYTES) return true;
      notify.error(MESSAGES.fileTooLarge);
      setFilesError(MESSAGES.fileTooLarge);
      return false;
    });
    if (fitting.length === 0 || !roomFor(fitting.length)) return;
    onChange([...images, ...fitting.map((file) => ({ key: keyOf(), kind: 'file' as const, file, previewUrl: URL.createObjectURL(file) }))]);
  };

  const remove = (key: string) => {
    setFilesError(null);
    const image = images.find((candidate) => candidate.key === key);
    if (image?.kind === 'file') URL.revokeObjectURL(image.previewUrl);
    onChange(images.filter((candidate) => candidate.key !== key));
  };

  const onLinkKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault(); // Enter here adds the link; it does not submit the product
    addLink();
  };

  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled) addFiles([...event.dataTransfer.files]);
  };

  const imagesError = filesError ?? field?.error;
  const imagesErrorId = `${id}-images-error`;
  const linkErrorId = `${id}-link-error`;
  // focus for "Please choose images" goes to the device files where they are allowed, else to the link
  const imagesControl = (control: 'files' | 'link') =>
    (allowFiles ? control === 'files' : control === 'link')
      ? { ref: field?.controlRef, invalid: Boolean(imagesError), describedBy: imagesError ? imagesErrorId : '' }
      : { ref: undefined, invalid: false, describedBy: '' };
  const filesControl = imagesControl('files');
  const linkControl = imagesControl('link');
  const linkDescribedBy = [linkControl.describedBy, linkError ? linkErrorId : ''].filter(Boolean).join(' ') || undefined;

  return (
    <fieldset className={`image-picker${imagesError ? ' image-picker--invalid' : ''}`} disabled={disabled}>
      <legend className="image-picker__legend">{t('Images')}</legend>
      <p className="image-picker__hint muted" id={`${id}-hint`}>
        {allowFiles
          ? t('The first image is the cover. Up to {count} images; files in JPEG, PNG, WebP or GIF, 5 MB each at most.', { count: formatNumber(IMAGES_PER_PRODUCT_MAX) })
          : t('The first image is the cover. Up to {count} images.', { count: formatNumber(IMAGES_PER_PRODUCT_MAX) })}
      </p>

      {images.length > 0 ? (
        <ul className="image-picker__list" aria-label={t('Chosen images')}>
          {images.map((image, index) => (
            <li key={image.key} className="image-picker__item">
              <Thumb image={image} />
              <span className="image-picker__tag">
                {index === 0 ? `${t('Cover')} · ` : ''}
                {image.kind === 'file' ? fileSize(image.file.size) : t('Link')}
              </span>
              <button
                type="button"
                className="image-picker__remove"
                onClick={() => remove(image.key)}
                aria-label={
                  image.kind === 'file'
                    ? t('Remove image {number} ({file})', { number: formatNumber(index + 1), file: image.file.name })
                    : t('Remove image {number}', { number: formatNumber(index + 1) })
                }
                title={t('Remove')}
              >
                <X size={16} aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="image-picker__none">{t('No images chosen yet.')}</p>
      )}

      <FieldMessage id={imagesErrorId} message={imagesError} />

      {allowFiles ? (
        <label
          className={`image-picker__drop${dragging ? ' image-picker__drop--over' : ''}`}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          <ImagePlus size={24} aria-hidden="true" />
          <span className="image-picker__drop-title">{t('Choose images from your device')}</span>
          <span className="muted">{t('or drop them here')}</span>
          <input
            className="visually-hidden"
            type="file"
            accept="image/*"
            multiple
            ref={filesControl.ref}
            aria-invalid={filesControl.invalid || undefined}
            aria-describedby={[`${id}-hint`, filesControl.describedBy].filter(Boolean).join(' ')}
            onChange={(event) => {
              addFiles([...(event.target.files ?? [])]);
              event.target.value = ''; // the same file can be chosen again after a remove
            }}
          />
        </label>
      ) : null}

      <div className="field">
        <label htmlFor={`${id}-link`}>{t('Image link')}</label>
        <div className="image-picker__link-row">
          <input
            id={`${id}-link`}
            className="input"
            type="url"
            // a link reads left to right, in Arabic too
            dir="ltr"
            inputMode="url"
            placeholder="https://…"
            autoComplete="off"
            ref={linkControl.ref}
            aria-invalid={linkControl.invalid || linkError ? true : undefined}
            aria-describedby={linkDescribedBy}
            value={link}
            onChange={(event) => {
              setLink(event.target.value);
              setLinkError(null);
            }}
            onKeyDown={onLinkKey}
          />
          <button type="button" className="btn btn--secondary" onClick={addLink}>
            <Link2 size={18} aria-hidden="true" />
            {t('Add')}
          </button>
        </div>
        <FieldMessage id={linkErrorId} message={linkError ?? undefined} />
      </div>
    </fieldset>
  );
}

function Thumb({ image }: { image: ChosenImage }) {
  const [failed, setFailed] = useState(false);
  if (failed) {
    return (
      <span className="image-picker__thumb image-picker__thumb--failed">
        <ImageOff size={20} aria-hidden="true" />
        <span>{t('No preview')}</span>
      </span>
    );
  }
  const sources = image.kind === 'file' ? { src: image.previewUrl } : imageSources(image.url, 400);
  return (
    <span className="image-picker__thumb">
      <img
        src={sources.src}
        alt={image.kind === 'file' ? image.file.name : ''}
        width={120}
        height={160}
        decoding="async"
        onError={() => setFailed(true)}
      />
    </span>
  );
}
