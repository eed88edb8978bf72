import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { renderWithProviders } from '../../../testing/render';
import { PhotoPicker, refusedPhotoOf } from './photo-picker';

const KEPT = '/api/images/aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const NEW = 'data:image/jpeg;base64,AAAA';

describe('refusedPhotoOf', () => {
  it('finds the photo a 400 names by its index in the images sent', () => {
    const error = new ApiError(400, 'This photo is not allowed', { photo: 1 });
    expect(refusedPhotoOf(error, [KEPT, NEW])).toEqual({
      src: NEW,
      message: 'This photo is not allowed',
    });
  });

  it('is undefined for any other failure', () => {
    expect(refusedPhotoOf(new ApiError(400, 'Please select a category'), [NEW])).toBeUndefined();
    expect(refusedPhotoOf(new ApiError(400, 'x', { photo: 5 }), [NEW])).toBeUndefined();
    expect(refusedPhotoOf(new ApiError(413, 'x', { photo: 0 }), [NEW])).toBeUndefined();
    expect(refusedPhotoOf(new Error('offline'), [NEW])).toBeUndefined();
  });
});

describe('PhotoPicker with a refused photo', () => {
  it('says why on that photo only, until it is removed', async () => {
    const onChange = vi.fn();
    const refused = { src: NEW, message: 'This photo is not allowed' };
    const { rerender } = renderWithProviders(
      <PhotoPicker value={[KEPT, NEW]} onChange={onChange} refused={refused} />,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('This photo is not allowed');
    expect(screen.getByRole('img', { name: 'Upload 2 of 2' })).toHaveAccessibleDescription(
      'This photo is not allowed',
    );
    expect(screen.getByRole('img', { name: 'Upload 1 of 2' })).not.toHaveAccessibleDescription();
    await userEvent.click(screen.getByRole('button', { name: 'Remove photo 2' }));
    expect(onChange).toHaveBeenCalledWith([KEPT]);
    rerender(<PhotoPicker value={[KEPT]} onChange={onChange} refused={refused} />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
