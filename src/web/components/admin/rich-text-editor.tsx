import Quill from 'quill';
// Quill's own styles come with the editor's (in a layer under Tailwind's utilities).
import './rich-text-editor.css';
import { useEffect, useRef, type CSSProperties } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { acceptOf } from '../../../shared/image-types.js';
import { richTextClass } from '../ui/rich-text';
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

type HeadingLabels = Record<'normal' | '1' | '2' | '3' | '4' | '5' | '6', string>;
type LinkPromptLabels = Record<'visit' | 'edit' | 'remove' | 'enter' | 'save', string>;

/**
 * Quill writes the link prompt's words with CSS `content` in English: the editor's stylesheet
 * reads them from these properties instead, in the reader's language (as CSS strings).
 */
function linkPromptStyle(labels: LinkPromptLabels): CSSProperties {
  return Object.fromEntries(
    Object.entries(labels).map(([name, text]) => [`--editor-link-${name}`, JSON.stringify(text)]),
  ) as CSSProperties;
}

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
  const headingLabels = useRef<HeadingLabels>(t('backOffice.editor.headings', { returnObjects: true }));

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
      // The link prompt is kept inside the editor, not merely inside the page (Quill's default).
      bounds: container,
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
    // The heading picker's words are Quill's CSS, in English, unless an item carries a data-label
    // (Quill then shows it, and copies the chosen item's onto the picker's face).
    for (const item of container.querySelectorAll<HTMLElement>('.ql-header .ql-picker-item')) {
      const level = (item.getAttribute('data-value') ?? 'normal') as keyof HeadingLabels;
      item.setAttribute('data-label', headingLabels.current[level]);
    }
    container.querySelector('.ql-header .ql-picker-label')?.setAttribute('data-label', headingLabels.current.normal);
    // Written as it will be read: the public page's rich-text styles (components/ui/rich-text.tsx).
    quill.root.classList.add(...richTextClass.split(' '));
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

  const linkPrompt = t('backOffice.editor.linkPrompt', { returnObjects: true }) as LinkPromptLabels;
  return <div ref={host} className="rich-text-editor" style={linkPromptStyle(linkPrompt)} />;
}
