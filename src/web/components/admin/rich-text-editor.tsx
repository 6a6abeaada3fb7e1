import Quill from 'quill';
import 'quill/dist/quill.snow.css';
import './rich-text-editor.css';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { acceptOf } from '../../../shared/image-types.js';
import { notifyFailure } from './toasts';
import { uploadImage } from './upload-image';

/** SPEC §5's toolbar, in its order; Quill's formats are its list one to one (decision 0007). */
const TOOLBAR = [
  [{ header: [1, 2, 3, 4, 5, 6, false] }],
  ['bold', 'italic', 'underline', 'strike'],
  [{ list: 'ordered' }, { list: 'bullet' }],
  [{ indent: '-1' }, { indent: '+1' }],
  ['link', 'image'],
  [{ align: [] }],
  ['clean'],
];
const FORMATS = ['header', 'bold', 'italic', 'underline', 'strike', 'list', 'indent', 'link', 'image', 'align'];

// SPEC §5 link protocols: Quill's own list also has sms, which the storefront would remove.
const Link = Quill.import('formats/link') as { PROTOCOL_WHITELIST: string[] };
Link.PROTOCOL_WHITELIST = ['http', 'https', 'mailto', 'tel'];

/**
 * The editor's HTML as stored: lists as real ol/ul (Quill 2 keeps bullets as `<li data-list>`
 * inside `<ol>` in its own DOM), and spaces as spaces (getSemanticHTML writes every one as &nbsp;,
 * which would stop lines from wrapping). An empty editor is ''.
 */
function htmlOf(quill: Quill): string {
  if (quill.getLength() <= 1 && !quill.root.querySelector('img')) return '';
  return quill.getSemanticHTML().replaceAll('&nbsp;', ' ');
}

type ToolbarLabels = Record<
  | 'header'
  | 'bold'
  | 'italic'
  | 'underline'
  | 'strike'
  | 'ordered'
  | 'bullet'
  | 'outdent'
  | 'indent'
  | 'link'
  | 'image'
  | 'align'
  | 'clean',
  string
>;

type RichTextEditorProps = {
  /** Names the editing area for assistive technology. */
  label: string;
  value: string;
  onChange: (html: string) => void;
};

/**
 * Rich text for robot descriptions and content pages (Quill 2, admin chunks only). Images are
 * uploaded to public storage, never inlined as base64; the server sanitises whatever arrives.
 */
export default function RichTextEditor({ label, value, onChange }: RichTextEditorProps) {
  const { t } = useTranslation();
  const host = useRef<HTMLDivElement>(null);
  const quillRef = useRef<Quill | null>(null);
  const onChangeRef = useRef(onChange);
  const lastHtml = useRef<string | null>(null);
  const failedUpload = useRef(t('backOffice.upload.failed', { message: '' }));
  const toolbarLabels = useRef<ToolbarLabels>(t('backOffice.editor.toolbar', { returnObjects: true }));

  useEffect(() => {
    onChangeRef.current = onChange;
    failedUpload.current = t('backOffice.upload.failed', { message: '' });
  });

  useEffect(() => {
    const container = host.current!;
    const editorRoot = document.createElement('div');
    container.append(editorRoot);

    async function insertImages(quill: Quill, files: File[], index: number) {
      for (const file of files) {
        try {
          const url = await uploadImage(file, 'editor', () => undefined);
          quill.insertEmbed(index, 'image', url, 'user');
          quill.setSelection(index + 1, 0, 'user');
        } catch (error) {
          notifyFailure(failedUpload.current, error);
        }
      }
    }

    const quill = new Quill(editorRoot, {
      theme: 'snow',
      formats: FORMATS,
      modules: {
        toolbar: {
          container: TOOLBAR,
          handlers: {
            image() {
              const input = document.createElement('input');
              input.type = 'file';
              input.accept = acceptOf('editor');
              input.addEventListener('change', () => {
                const file = input.files?.[0];
                if (file) void insertImages(quill, [file], quill.getSelection(true).index);
              });
              input.click();
            },
          },
        },
        // Dropped or pasted image files are uploaded too, instead of Quill's base64 default.
        uploader: {
          mimetypes: acceptOf('editor').split(','),
          handler(range: { index: number }, files: File[]) {
            void insertImages(quill, files, range.index);
          },
        },
      },
    });
    // Quill names its buttons after its formats, in English: name them in the reader's language.
    for (const button of container.querySelectorAll<HTMLElement>('.ql-toolbar button, .ql-toolbar .ql-picker-label')) {
      const format =
        [...button.classList]
          .find((name) => name.startsWith('ql-') && name !== 'ql-picker-label' && name !== 'ql-active')
          ?.slice(3) ?? button.closest('.ql-picker')?.className.match(/ql-(header|align)/)?.[1];
      const value = button.getAttribute('value');
      const key = format === 'list' ? value : format === 'indent' ? (value === '-1' ? 'outdent' : 'indent') : format;
      if (key && key in toolbarLabels.current)
        button.setAttribute('aria-label', toolbarLabels.current[key as keyof ToolbarLabels]);
    }
    quill.root.setAttribute('aria-label', label);
    quill.root.setAttribute('role', 'textbox');
    quill.root.setAttribute('aria-multiline', 'true');
    // Pasted HTML may carry data: images; they would be removed on saving anyway, so drop them now.
    quill.clipboard.addMatcher('IMG', (node, delta) =>
      ((node as HTMLImageElement).getAttribute('src') ?? '').startsWith('data:')
        ? new (delta.constructor as new () => typeof delta)()
        : delta,
    );
    quill.on('text-change', () => {
      const html = htmlOf(quill);
      lastHtml.current = html;
      onChangeRef.current(html);
    });
    quillRef.current = quill;
    return () => {
      quillRef.current = null;
      lastHtml.current = null;
      container.replaceChildren();
    };
    // The editor is made once; label changes are rare and applied below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    quillRef.current?.root.setAttribute('aria-label', label);
  }, [label]);

  // Outside changes (opening another record, the raw HTML view) replace the content; the editor's
  // own changes, already in it, do not.
  useEffect(() => {
    const quill = quillRef.current;
    if (!quill || value === lastHtml.current) return;
    lastHtml.current = value;
    quill.setContents(quill.clipboard.convert({ html: value }), 'silent');
  }, [value]);

  return <div ref={host} className="rich-text-editor" />;
}
