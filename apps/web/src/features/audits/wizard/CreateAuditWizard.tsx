import { useReducer, useState } from 'react';
import { Button, Flex, Modal, Steps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TAudit } from '@audit/domain/audits';
import { todayInZone } from '@audit/domain/dates';
import { useTimeZone } from '../../../session/timeZone';
import { useViewport } from '../../../ui/useViewport';
import { startDateFor, utcRange } from '../auditFormat';
import { useCreateAudit } from '../auditsApi';
import { ConfirmStep } from './ConfirmStep';
import { SettingStep } from './SettingStep';
import { TemplateStep } from './TemplateStep';
import { initialWizardState, settingComplete, wizardReducer } from './wizardState';

/** The three-step create dialog: setting, template, confirmation; POST /audits on Create. */
export function CreateAuditWizard({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (audit: TAudit) => void }) {
  const { t } = useTranslation();
  const { isMobile } = useViewport();
  const timeZone = useTimeZone();
  const [state, dispatch] = useReducer(wizardReducer, undefined, () => initialWizardState(todayInZone(timeZone)));
  const [step, setStep] = useState(0);
  const create = useCreateAudit();

  const close = () => {
    onClose();
    // After the closing animation, so the dialog does not flash back to step 1.
    setTimeout(() => {
      dispatch({ type: 'reset', today: todayInZone(timeZone) });
      setStep(0);
      create.reset();
    }, 300);
  };

  const submit = () => {
    const { client, establishment, service, template, auditor, range, period } = state;
    if (!client || !establishment || !service || !template?._id || !auditor || !range) return;
    const body = {
      client: client._id,
      establishment: establishment._id,
      service: service._id,
      template: template._id,
      auditor: auditor._id,
      startDate: startDateFor(period.year, period.month, todayInZone(timeZone)),
      date: utcRange(range[0], range[1]),
    };
    create.mutate(body, {
      onSuccess: (audit) => {
        close();
        onCreated(audit);
      },
    });
  };

  const canNext = step === 0 ? settingComplete(state, todayInZone(timeZone)) : step === 1 ? Boolean(state.template) : false;
  const footer = (
    <Flex justify="space-between" gap={8}>
      <Button onClick={close}>{t('common.cancel')}</Button>
      <Flex gap={8}>
        {step > 0 && <Button onClick={() => setStep(step - 1)}>{t('audits.wizard.previous')}</Button>}
        {step < 2 ? (
          <Button type="primary" disabled={!canNext} onClick={() => setStep(step + 1)} data-testid="wizard-next">
            {t('audits.wizard.next')}
          </Button>
        ) : (
          <Button type="primary" loading={create.isPending} onClick={submit} data-testid="wizard-create">
            {t('audits.wizard.create')}
          </Button>
        )}
      </Flex>
    </Flex>
  );

  return (
    <Modal
      open={open}
      onCancel={close}
      title={t('audits.wizard.title')}
      footer={footer}
      width={isMobile ? '100%' : 960}
      style={isMobile ? { top: 12, maxWidth: 'calc(100vw - 16px)' } : undefined}
      maskClosable={false}
      destroyOnHidden
    >
      <Steps
        current={step}
        size="small"
        style={{ marginBottom: 24 }}
        items={[{ title: t('audits.wizard.steps.setting') }, { title: t('audits.wizard.steps.template') }, { title: t('audits.wizard.steps.confirmation') }]}
      />
      {step === 0 && <SettingStep state={state} dispatch={dispatch} />}
      {step === 1 && (
        <TemplateStep
          state={state}
          onSelect={(template) => {
            dispatch({ type: 'template', value: template });
            setStep(2);
          }}
        />
      )}
      {step === 2 && <ConfirmStep state={state} error={create.error} />}
    </Modal>
  );
}
