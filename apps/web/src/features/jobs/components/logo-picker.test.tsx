import { MSG } from '@agora/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { onApi } from '../../../test/server';
import { LogoPicker } from './logo-picker';

function Harness() {
  const [url, setUrl] = useState('');
  return (
    <>
      <LogoPicker value={url} companyName="Acme Labs" onChange={setUrl} />
      <output data-testid="value">{url}</output>
    </>
  );
}

/** The API answering POST /api/jobs/logo with `status`/`body`; records the multipart form sent. */
function stubUpload(status: number, body: unknown) {
  const sent: FormData[] = [];
  onApi(async (request, url) => {
    expect(`${request.method} ${url}`).toBe('POST /api/jobs/logo');
    sent.push(await request.formData());
    return Response.json(body, { status });
  });
  return sent;
}

const choose = (file: File) => {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
  fireEvent.change(input, { target: { files: [file] } });
};

describe('LogoPicker', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('uploads the chosen image, previews it and sets its url; Remove clears it', async () => {
    const sent = stubUpload(201, {
      url: '/uploads/0123456789abcdef0123456789abcdef.png',
      mimetype: 'image/png',
      size: 68,
    });
    renderWithProviders(<Harness />);
    expect(screen.getByText('AL')).toBeTruthy(); // initials until a logo is chosen

    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'acme.png', { type: 'image/png' });
    choose(file);

    await waitFor(() =>
      expect(screen.getByTestId('value').textContent).toBe('/uploads/0123456789abcdef0123456789abcdef.png'),
    );
    expect(sent).toHaveLength(1);
    // The multipart form carries the image as "logo" (jsdom's File crosses into Node's fetch
    // without its name or bytes, so only its type is checked here).
    expect((sent[0]!.get('logo') as File).type).toBe('image/png');
    expect(screen.getByRole('img', { name: 'Acme Labs logo' }).getAttribute('src')).toBe(
      '/uploads/0123456789abcdef0123456789abcdef.png',
    );
    expect(screen.getByText('acme.png')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Change logo/ })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /Remove/ }));
    expect(screen.getByTestId('value').textContent).toBe('');
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByRole('button', { name: /Upload logo/ })).toBeTruthy();
  });

  it('refuses a non-image or an image over 5 MB before sending anything', () => {
    const sent = stubUpload(201, {});
    renderWithProviders(<Harness />);
    choose(new File(['%PDF-1.4'], 'logo.pdf', { type: 'application/pdf' }));
    expect(screen.getByText(MSG.jobLogoInvalid)).toBeTruthy();

    choose(new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'huge.png', { type: 'image/png' }));
    expect(screen.getByText(MSG.jobLogoTooLarge)).toBeTruthy();
    expect(sent).toHaveLength(0);
    expect(screen.getByTestId('value').textContent).toBe('');
  });

  it('shows the server’s message when it refuses the bytes, and keeps no logo', async () => {
    stubUpload(400, { error: MSG.jobLogoInvalid, message: MSG.jobLogoInvalid, code: 'VALIDATION_ERROR' });
    renderWithProviders(<Harness />);
    choose(new File(['<?php echo 1; ?>'], 'fake.png', { type: 'image/png' }));
    expect(await screen.findByText(MSG.jobLogoInvalid)).toBeTruthy();
    expect(screen.getByTestId('value').textContent).toBe('');
  });
});
