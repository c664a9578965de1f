import { Skeleton } from '@mantine/core';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

const SIZE = 184;

/** The otpauth:// URI as a QR code, drawn in the browser: the secret never leaves for an image service. */
export function AuthenticatorQr({ uri }: { uri: string }) {
  const [dataUrl, setDataUrl] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    QRCode.toDataURL(uri, { width: SIZE, margin: 1, errorCorrectionLevel: 'M' })
      .then((url) => {
        if (current) setDataUrl(url);
      })
      .catch(() => {
        if (current) setDataUrl(null);
      });
    return () => {
      current = false;
    };
  }, [uri]);
  if (!dataUrl) return <Skeleton width={SIZE} height={SIZE} radius="md" />;
  return (
    <img
      src={dataUrl}
      width={SIZE}
      height={SIZE}
      alt="QR code to scan with your authenticator app"
      style={{ background: 'white', borderRadius: 8 }}
    />
  );
}
