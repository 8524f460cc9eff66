export { PopupInput, RecordPopup, type RecordPopupProps } from './RecordPopup';
export { ReportTable } from './ReportTable';
export * from './reportApi';
