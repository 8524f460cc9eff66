// A stored image (licence, ID card, weighbridge or receipt photo) shown through its signed URL, with antd's
// preview on click. A grey box holds its place until the link arrives.
import { Image, type ImageProps } from 'antd';
import { useSignedUrl } from './useSignedUrl';

interface Props extends Omit<ImageProps, 'src'> {
  /** The stored path (or a URL, used as it is). */
  path: string | null | undefined;
}

export function SignedImage({ path, width, height, style, ...rest }: Props) {
  const url = useSignedUrl(path);
  if (!url)
    return (
      <span
        data-testid="signed-image-pending"
        style={{ display: 'inline-block', width, height, background: '#f5f5f5', ...style }}
      />
    );
  return <Image src={url} width={width} height={height} style={style} {...rest} />;
}
