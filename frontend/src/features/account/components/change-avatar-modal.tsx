import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Button } from "../../../components/ui/button";
import { UploadIcon } from "../../../components/ui/icons";
import { Modal } from "../../../components/ui/modal";
import { LoadingOverlay, PageLoader } from "../../../components/ui/spinner";
import { notify } from "../../../lib/notify";
import { useChangeAvatar } from "../api/account";
import {
  AVATAR_ACCEPT,
  avatarFileError,
  compressAvatar,
  cropOnWhite,
  type PixelArea,
  toBase64,
} from "./avatar-image";

/** The cropper is heavy: loaded only when a picture has been chosen. */
const Cropper = lazy(() => import("react-easy-crop"));

/**
 * Change Avatar (spec overview-access-account.md 2.10): drop or click to choose one image, round
 * crop with zoom (square aspect), 'Change Avatar' uploads it; 'Uploading avatar...' meanwhile; the
 * modal closes on success.
 */
export function ChangeAvatarModal({ accountId, onClose }: { accountId: string; onClose: () => void }) {
  const [source, setSource] = useState<{ url: string; name: string } | null>(null);
  const [rejection, setRejection] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<PixelArea | null>(null);
  const [processing, setProcessing] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const upload = useChangeAvatar(accountId);

  useEffect(() => () => (source ? URL.revokeObjectURL(source.url) : undefined), [source]);

  const choose = (files: FileList | null) => {
    const file = files?.[0];
    if (!file) return;
    const error = avatarFileError(file);
    setRejection(error);
    if (error) return;
    setSource({ url: URL.createObjectURL(file), name: file.name });
    setZoom(1);
    setCrop({ x: 0, y: 0 });
  };

  const submit = async () => {
    if (!source || !area) return;
    setProcessing(true);
    try {
      const cropped = await cropOnWhite(source.url, area);
      const file = await compressAvatar(cropped, source.name);
      await upload.mutateAsync({ buff: await toBase64(file), fileName: file.name });
      onClose();
    } catch {
      notify.danger("Something went wrong, please try again");
    } finally {
      setProcessing(false);
    }
  };

  const busy = processing || upload.isPending;
  return (
    <Modal
      open
      onClose={onClose}
      title="Change Avatar"
      size="md"
      overlay={busy ? <LoadingOverlay message="Uploading avatar..." /> : undefined}
      footer={
        <>
          {source && (
            <Button onClick={() => setSource(null)} disabled={busy}>
              Choose another
            </Button>
          )}
          <Button variant="primary" onClick={() => void submit()} disabled={!source || !area || busy}>
            Change Avatar
          </Button>
        </>
      }
    >
      {source ? (
        <div className="stack">
          <div className="crop-area">
            <Suspense fallback={<PageLoader message="Loading..." />}>
              <Cropper
                image={source.url}
                crop={crop}
                zoom={zoom}
                aspect={1}
                cropShape="round"
                showGrid={false}
                onCropChange={setCrop}
                onZoomChange={setZoom}
                onCropComplete={(_area, pixels) => setArea(pixels)}
              />
            </Suspense>
          </div>
          <label className="field">
            <span className="field-label">Zoom</span>
            <input
              type="range"
              min={1}
              max={3}
              step={0.05}
              value={zoom}
              onChange={(e) => setZoom(Number(e.target.value))}
            />
          </label>
        </div>
      ) : (
        <>
          <button
            type="button"
            className={`dropzone ${dragging ? "dropzone-active" : ""}`}
            onClick={() => inputRef.current?.click()}
            onDragOver={(event) => {
              event.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={(event) => {
              event.preventDefault();
              setDragging(false);
              choose(event.dataTransfer.files);
            }}
          >
            <UploadIcon size={28} />
            <strong>Drop an image here, or click to upload</strong>
            <span>JPG or PNG</span>
          </button>
          <input
            ref={inputRef}
            type="file"
            accept={AVATAR_ACCEPT.join(",")}
            hidden
            aria-label="Avatar image"
            data-testid="avatar-file"
            onChange={(event) => {
              choose(event.target.files);
              event.target.value = "";
            }}
          />
        </>
      )}
      {rejection && (
        <p className="form-error" role="alert" style={{ marginTop: "0.75rem" }}>
          {rejection}
        </p>
      )}
    </Modal>
  );
}
