export { FileUpload, type FileUploadProps } from './FileUpload';
export { SignedImage } from './SignedImage';
export { UploadPopup } from './UploadPopup';
export { isStoredFile, useSignedUrl } from './useSignedUrl';
