import { Divider, Drawer, Form, Input, Radio, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FAQ_ANSWER_MAX, FAQ_AUDIENCES, FAQ_QUESTION_MAX, type TFaqAudience } from '@audit/domain/faqs/schemas';
import { LANGUAGES, type TLanguage } from '@audit/domain/constants';
import { DetailHeader } from '../../ui/DetailHeader';
import { isApiError } from '../../api/errors';
import { errorMessage } from '../../i18n/errorMessage';
import { useViewport } from '../../ui/useViewport';
import { Markdown } from './Markdown';
import { useSaveFaq, type TFaq } from './faqsApi';

/** Create (no FAQ) or edit one. */
export type TFaqTarget = { faq?: TFaq };

type TValues = { audience: TFaqAudience; question: Record<TLanguage, string>; answer: Record<TLanguage, string> };

export function FaqDrawer({ target, onClose }: { target: TFaqTarget | null; onClose: () => void }) {
  const { isMobile } = useViewport();
  return (
    <Drawer open={Boolean(target)} onClose={onClose} closable={false} size={isMobile ? '100%' : 640} destroyOnHidden>
      {target && <Body target={target} onClose={onClose} />}
    </Drawer>
  );
}

const textOf = (value: string | undefined) => value?.trim() || null;

function Body({ target, onClose }: { target: TFaqTarget; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TValues>();
  const save = useSaveFaq();
  const answers = Form.useWatch('answer', form);
  const faq = target.faq;
  const initial: TValues = {
    audience: faq?.audience ?? 'ALL',
    question: { es: faq?.question.es ?? '', en: faq?.question.en ?? '' },
    answer: { es: faq?.answer.es ?? '', en: faq?.answer.en ?? '' },
  };
  const submit = (values: TValues) => {
    const body = {
      audience: values.audience,
      question: { es: textOf(values.question.es), en: textOf(values.question.en) },
      answer: { es: textOf(values.answer.es), en: textOf(values.answer.en) },
    };
    save.mutate({ id: faq?._id, body }, { onSuccess: onClose, onError: (error) => markFields(error) });
  };
  // The server names a refused text by its path (question.es, answer.en): shown under that field too.
  const markFields = (error: unknown) => {
    if (!isApiError(error)) return;
    const named = error.fields.filter((f) => /^(question|answer)\.(es|en)$/.test(f));
    form.setFields(named.map((f) => ({ name: f.split('.') as ['question', TLanguage], errors: [errorMessage(error)] })));
  };
  // A language holds its question and its answer, or neither; at least one language is written.
  const pairRule = (language: TLanguage, field: 'question' | 'answer') => ({
    validator: async (_: unknown, value: string | undefined) => {
      const other = form.getFieldValue([field === 'question' ? 'answer' : 'question', language]) as string | undefined;
      if (!value?.trim() && other?.trim()) throw new Error(t(field === 'question' ? 'faqs.form.questionNeeded' : 'faqs.form.answerNeeded'));
      const any = LANGUAGES.some((l) => (form.getFieldValue(['question', l]) as string | undefined)?.trim());
      if (field === 'question' && language === 'es' && !any) throw new Error(t('faqs.form.oneLanguage'));
    },
  });
  return (
    <>
      <DetailHeader
        mode="edit"
        title={faq ? t('faqs.form.editTitle') : t('faqs.form.newTitle')}
        onCancel={onClose}
        onSave={() => form.submit()}
        saving={save.isPending}
        onClose={onClose}
      />
      <Form form={form} layout="vertical" initialValues={initial} onFinish={submit} style={{ marginTop: 24 }} requiredMark={false}>
        <Form.Item name="audience" label={t('faqs.fields.audience')}>
          <Radio.Group optionType="button" options={FAQ_AUDIENCES.map((a) => ({ value: a, label: t(`faqs.audience.${a}`) }))} />
        </Form.Item>
        <Typography.Paragraph type="secondary" style={{ fontSize: 13 }}>
          {t('faqs.form.formatHelp')}
        </Typography.Paragraph>
        {LANGUAGES.map((language) => (
          <section key={language}>
            <Divider titlePlacement="start" style={{ marginTop: 8, textTransform: 'capitalize' }}>
              {t(`faqs.languages.${language}`)}
            </Divider>
            <Form.Item
              name={['question', language]}
              label={t('faqs.fields.questionIn', { language: t(`faqs.languages.${language}`) })}
              rules={[pairRule(language, 'question')]}
              dependencies={[
                ['answer', language],
                ['question', language === 'es' ? 'en' : 'es'],
              ]}
            >
              <Input maxLength={FAQ_QUESTION_MAX} showCount />
            </Form.Item>
            <Form.Item
              name={['answer', language]}
              label={t('faqs.fields.answerIn', { language: t(`faqs.languages.${language}`) })}
              rules={[pairRule(language, 'answer')]}
              dependencies={[['question', language]]}
            >
              <Input.TextArea maxLength={FAQ_ANSWER_MAX} autoSize={{ minRows: 4, maxRows: 14 }} />
            </Form.Item>
            {answers?.[language]?.trim() && (
              <div
                aria-label={t('faqs.form.preview')}
                style={{ background: '#f6f8fa', borderRadius: 8, padding: '10px 14px', marginTop: -8, marginBottom: 16 }}
              >
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('faqs.form.preview')}
                </Typography.Text>
                <Markdown source={answers[language]} />
              </div>
            )}
          </section>
        ))}
      </Form>
    </>
  );
}
