export { FileUpload, type FileUploadProps } from './FileUpload';
export { UploadPopup } from './UploadPopup';
export { useSignedUrl } from './useSignedUrl';
