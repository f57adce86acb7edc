// @vitest-environment jsdom
import { createElement as h, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';

/**
 * The PDF button (decision 0106): the kept PDF is asked for directly, beside the request; its bytes
 * are the answer when there is one. Otherwise the request's job is waited for as before (0102).
 */
const api = vi.hoisted(() => ({
  requestResponse: vi.fn(),
  saveBlob: vi.fn(),
  downloadFile: vi.fn(),
  requestPdf: vi.fn(),
  searchNotifications: vi.fn(),
}));
vi.mock('../../api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/client')>()),
  requestResponse: api.requestResponse,
}));
vi.mock('../../api/download', () => ({ saveBlob: api.saveBlob, downloadFile: api.downloadFile }));
vi.mock('../../api/notifications', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/notifications')>()),
  searchNotifications: api.searchNotifications,
}));
vi.mock('./auditActionsApi', async (importOriginal) => ({ ...(await importOriginal<typeof import('./auditActionsApi')>()), requestPdf: api.requestPdf }));
const { usePdfDownload } = await import('./pdfDownload');
const { pdfAddress } = await import('./auditActionsApi');
const { ApiError } = await import('../../api/errors');

afterEach(() => {
  cleanup();
  for (const fn of Object.values(api)) fn.mockReset();
});

const AUDIT = { _id: 'a1', template: { name: 'Higiene' }, establishment: { name: 'Cocina' } } as Parameters<typeof usePdfDownload>[0];
const NAME = 'Higiene - Cocina.pdf';
const notFound = () => new ApiError(404, 'NOTFOUND', '415', '');

function renderButton(audit = AUDIT) {
  const client = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => h(QueryClientProvider, { client }, h(App, null, children));
  return renderHook(() => usePdfDownload(audit), { wrapper }).result;
}

describe('the PDF button', () => {
  it('downloads a PDF known to be kept (pdf.ready) from its one GET, the request beside it', async () => {
    api.requestResponse.mockResolvedValue(new Response(new Blob(['%PDF-1.3'])));
    api.requestPdf.mockResolvedValue({ pdfUrl: '/signed' });
    api.searchNotifications.mockResolvedValue({ items: [], total: 0 });
    const button = renderButton({ ...AUDIT, pdf: { ready: true } });
    expect(await button.current.mutateAsync()).toBe('downloaded');
    expect(api.requestResponse.mock.calls.map(([url]) => url)).toEqual([pdfAddress('a1')]);
    expect(api.requestPdf).toHaveBeenCalledTimes(1);
    expect(api.saveBlob).toHaveBeenCalledTimes(1);
    expect(api.saveBlob.mock.calls[0]![1]).toBe(NAME);
    expect(api.downloadFile).not.toHaveBeenCalled();
  });

  it('with none known, asks for no file (no failed request on the page), waits for the job, downloads; the next click asks for the kept file', async () => {
    api.requestPdf.mockResolvedValue({ pdfSendToGenerate: true });
    const notice = { _id: 'n1', type: 'SHARE_FILE', payload: { body: { status: 'ready', auditId: 'a1', name: 'x.pdf' } } };
    api.searchNotifications.mockResolvedValueOnce({ items: [], total: 0 }).mockResolvedValue({ items: [notice], total: 1 });
    const button = renderButton();
    expect(await button.current.mutateAsync()).toBe('downloaded');
    expect(api.requestResponse).not.toHaveBeenCalled();
    expect(api.saveBlob).not.toHaveBeenCalled();
    expect(api.downloadFile).toHaveBeenCalledWith(pdfAddress('a1'), NAME);

    api.requestResponse.mockResolvedValue(new Response(new Blob(['%PDF-1.3'])));
    api.requestPdf.mockResolvedValue({ pdfUrl: '/signed' });
    expect(await button.current.mutateAsync()).toBe('downloaded');
    expect(api.requestResponse.mock.calls.map(([url]) => url)).toEqual([pdfAddress('a1')]);
    expect(api.saveBlob).toHaveBeenCalledTimes(1);
    expect(api.downloadFile).toHaveBeenCalledTimes(1);
  });

  it('known kept but gone (a 404: made stale since the page read it): the request beside it decides', async () => {
    api.requestResponse.mockRejectedValue(notFound());
    api.requestPdf.mockResolvedValue({ pdfUrl: '/signed' });
    api.searchNotifications.mockResolvedValue({ items: [], total: 0 });
    const button = renderButton({ ...AUDIT, pdf: { ready: true } });
    expect(await button.current.mutateAsync()).toBe('downloaded');
    expect(api.saveBlob).not.toHaveBeenCalled();
    expect(api.downloadFile).toHaveBeenCalledWith(pdfAddress('a1'), NAME);
  });
});
