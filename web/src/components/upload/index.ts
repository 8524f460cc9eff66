export { FileUpload, type FileUploadProps } from './FileUpload';
export { SignedImage } from './SignedImage';
export { UploadPopup } from './UploadPopup';
export { UploadTrackerProvider, useTrackedUpload, useUploadTracking } from './uploadTracking';
export { isStoredFile, useSignedUrl } from './useSignedUrl';
