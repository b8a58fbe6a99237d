import { AVATAR_CROP_AREA, AVATAR_ZOOM } from '@lendo/shared';
import { ImageUp, ZoomIn, ZoomOut } from 'lucide-react';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import Cropper, { type Area, type Point } from 'react-easy-crop';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { FieldError } from '@/components/field-error';
import { Modal } from '@/components/modal';
import { errorCodeOf } from '@/lib/api-client';
import { useUpdateAvatar } from '../api/update-avatar';
import { AVATAR_FILE_TYPES, avatarFileError, cropAvatar, readAsDataUrl } from '../avatar-image';

const CROP_SIZE = { width: AVATAR_CROP_AREA, height: AVATAR_CROP_AREA };

/**
 * Update profile image (SPEC §2, §9): pick a JPEG or PNG of at most 10 MB, place it in the round
 * crop (drag, or arrow keys; zoom 1–3) and save it as a 204×204 JPEG.
 */
export function UpdateProfileImageModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const errorId = useId();
  const zoomId = useId();
  const hintId = useId();
  const [imageUrl, setImageUrl] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState<number>(AVATAR_ZOOM.min);
  const [area, setArea] = useState<Area | null>(null);
  const [cropping, setCropping] = useState(false);
  const upload = useUpdateAvatar();

  const onFileChosen = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen) return;
    const error = avatarFileError(chosen);
    setFileError(error);
    if (error) return;
    try {
      setImageUrl(await readAsDataUrl(chosen));
      setCrop({ x: 0, y: 0 });
      setZoom(AVATAR_ZOOM.min);
      setArea(null);
    } catch {
      setUnreadable();
    }
  };

  const setUnreadable = () => {
    setImageUrl(null);
    setFileError('settings.image.unreadable');
  };

  const save = async () => {
    if (!imageUrl || !area) return;
    setCropping(true);
    try {
      const avatar = await cropAvatar(imageUrl, area);
      await upload.mutateAsync({ avatar, extension: 'jpg' });
      toast.success(t('settings.image.saved'));
      onClose();
    } catch (error) {
      toast.error(t(errorCodeOf(error, 'error.something-went-wrong')));
    } finally {
      setCropping(false);
    }
  };

  const chooseFile = () => inputRef.current?.click();

  return (
    <Modal
      open
      onOpenChange={(next) => !next && onClose()}
      title={t('settings.image.title')}
      description={t(imageUrl ? 'settings.image.crop-text' : 'settings.image.text')}
    >
      <input
        ref={inputRef}
        type="file"
        accept={AVATAR_FILE_TYPES.join(',')}
        onChange={(event) => void onFileChosen(event)}
        aria-label={t('settings.image.choose')}
        aria-describedby={fileError ? errorId : undefined}
        className="sr-only"
        tabIndex={-1}
      />
      {imageUrl ? (
        <div className="mt-6 grid gap-4">
          <div className="relative mx-auto h-80 w-full overflow-hidden rounded-card bg-neutral-900">
            <Cropper
              image={imageUrl}
              crop={crop}
              zoom={zoom}
              minZoom={AVATAR_ZOOM.min}
              maxZoom={AVATAR_ZOOM.max}
              aspect={1}
              cropShape="round"
              objectFit="cover"
              cropSize={CROP_SIZE}
              showGrid={false}
              onCropChange={setCrop}
              onZoomChange={setZoom}
              onCropComplete={(_percent, pixels) => setArea(pixels)}
              mediaProps={{ onError: () => setUnreadable() }}
              cropperProps={{
                role: 'group',
                'aria-label': t('settings.image.crop-area'),
                'aria-describedby': hintId,
              }}
            />
          </div>
          <p id={hintId} className="sr-only">
            {t('settings.image.crop-hint')}
          </p>
          <div className="flex items-center gap-3">
            <ZoomOut aria-hidden="true" className="size-5 shrink-0 text-muted" />
            <label htmlFor={zoomId} className="sr-only">
              {t('settings.image.zoom')}
            </label>
            <input
              id={zoomId}
              type="range"
              min={AVATAR_ZOOM.min}
              max={AVATAR_ZOOM.max}
              step={AVATAR_ZOOM.step}
              value={zoom}
              onChange={(event) => setZoom(Number(event.target.value))}
              className="h-11 w-full cursor-pointer accent-brand"
            />
            <ZoomIn aria-hidden="true" className="size-5 shrink-0 text-muted" />
          </div>
        </div>
      ) : (
        <button
          type="button"
          onClick={chooseFile}
          className="mt-6 grid w-full justify-items-center gap-2 rounded-card border-2 border-dashed border-line-strong px-4 py-10 text-center transition-colors hover:border-brand hover:bg-brand-soft/40"
        >
          <span className="grid size-14 place-items-center rounded-2xl bg-brand-soft text-brand-ink">
            <ImageUp aria-hidden="true" className="size-7" />
          </span>
          <span className="font-semibold">{t('settings.image.choose')}</span>
          <span className="text-sm text-muted">{t('settings.image.rules')}</span>
        </button>
      )}
      {fileError && (
        <div role="alert" className="mt-3 flex justify-center">
          <FieldError id={errorId} code={fileError} />
        </div>
      )}
      {imageUrl && (
        <div className="mt-6 grid gap-2 sm:grid-cols-2 sm:gap-3">
          <Button
            size="lg"
            loading={cropping}
            disabled={!area}
            onClick={() => void save()}
            className="sm:order-2"
          >
            {t('settings.save')}
          </Button>
          <Button variant="secondary" size="lg" onClick={chooseFile}>
            {t('settings.image.choose-another')}
          </Button>
        </div>
      )}
    </Modal>
  );
}
