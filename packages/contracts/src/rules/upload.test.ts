import { describe, expect, it } from 'vitest';
import { MSG } from '../messages.ts';
import {
  checkImageType,
  fileUploadFailedText,
  keepLastFiles,
  moveImage,
  settleUpload,
  uploadErrorText,
} from './upload.ts';

describe('keepLastFiles', () => {
  it('keeps only the last N when N > 0', () => {
    expect(keepLastFiles(['a', 'b', 'c'], 2)).toEqual(['b', 'c']);
    expect(keepLastFiles(['a', 'b', 'c'], 1)).toEqual(['c']);
    expect(keepLastFiles(['a'], 5)).toEqual(['a']);
  });
  it('keeps everything when N is 0 or less', () => {
    const list = ['a', 'b'];
    expect(keepLastFiles(list, 0)).toEqual(list);
    expect(keepLastFiles(list, -1)).toEqual(list);
    expect(keepLastFiles(list, 0)).not.toBe(list);
  });
});

describe('checkImageType', () => {
  it('accepts types containing image', () => {
    expect(checkImageType({ type: 'image/png' })).toBeNull();
  });
  it('rejects other or missing types', () => {
    expect(checkImageType({ type: 'application/pdf' })).toBe(MSG.uploadImageOnly);
    expect(checkImageType({})).toBe(MSG.uploadImageOnly);
    expect(checkImageType({ type: null })).toBe(MSG.uploadImageOnly);
  });
});

describe('moveImage', () => {
  const list = ['a', 'b', 'c'];
  it('swaps with the left or right neighbour', () => {
    expect(moveImage(list, 1, 'left')).toEqual({ ok: true, list: ['b', 'a', 'c'] });
    expect(moveImage(list, 1, 'right')).toEqual({ ok: true, list: ['a', 'c', 'b'] });
    expect(list).toEqual(['a', 'b', 'c']);
  });
  it('refuses to move the first left', () => {
    expect(moveImage(list, 0, 'left')).toEqual({ ok: false, message: MSG.unknownOperation });
  });
  it('refuses to move the last right', () => {
    expect(moveImage(list, 2, 'right')).toEqual({ ok: false, message: MSG.alreadyLast });
  });
  it('treats an index outside the list as an unknown operation', () => {
    expect(moveImage(list, 3, 'left')).toEqual({ ok: false, message: MSG.unknownOperation });
    expect(moveImage(list, -1, 'right')).toEqual({ ok: false, message: MSG.unknownOperation });
    expect(moveImage(list, 0.5, 'right')).toEqual({ ok: false, message: MSG.unknownOperation });
  });
});

describe('upload messages', () => {
  it('defaults the error to 未知错误', () => {
    expect(uploadErrorText()).toBe('未知错误');
    expect(uploadErrorText(null)).toBe('未知错误');
    expect(uploadErrorText('  ')).toBe('未知错误');
    expect(uploadErrorText('文件过大')).toBe('文件过大');
  });
  it('names the failed file', () => {
    expect(fileUploadFailedText('回单.jpg')).toBe('回单.jpg 上传失败.');
  });
  it('settles a response into done with the path or an error', () => {
    expect(settleUpload({ success: true, message: 'temp/a_1.png' })).toEqual({
      status: 'done',
      path: 'temp/a_1.png',
    });
    expect(settleUpload({ success: false, message: '类型不允许' })).toEqual({
      status: 'error',
      message: '类型不允许',
    });
    expect(settleUpload({ success: true, message: '' })).toEqual({ status: 'error', message: '未知错误' });
    expect(settleUpload(null)).toEqual({ status: 'error', message: '未知错误' });
  });
});
