import { useState } from 'react';
import { Button, Card, DatePicker, Empty, Flex, Form, Image, Input, Select, Space, Typography } from 'antd';
import { CheckOutlined, CloseOutlined, CloudUploadOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { INCIDENT_NAME_MAX, TASK_PRIORITIES, taskTransitionsFrom, type TTaskStatus } from '@audit/domain/incidents';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { OwnerSelect } from './IncidentFilters';
import { TaskStatusTag } from './IncidentTags';
import { PhotoButton } from './PhotoButton';
import { useAddTask, useMoveTask, useRemoveTask, useTaskPhoto, useVerifyTask, type TIncidentFull, type TTask } from './incidentsApi';

const MOVE_LABEL: Record<TTaskStatus, string> = {
  running: 'incidents.taskMove.running',
  complete: 'incidents.taskMove.complete',
  toDo: 'incidents.taskMove.toDo',
};

/** An action's photo: the marked copy when there is one (the original a link away); one waiting on the device shows from its file. */
function TaskImage({ image, alt }: { image: TTask['images'][number]; alt: string }) {
  const { t } = useTranslation();
  const waiting = image._id.startsWith('pending-');
  return (
    <Flex vertical align="center" gap={2} data-testid={waiting ? 'task-image-waiting' : 'task-image'}>
      {image.url ? (
        <Image src={image.url} width={72} height={72} style={{ objectFit: 'cover', borderRadius: 6 }} alt={alt} />
      ) : (
        <Flex align="center" justify="center" style={{ width: 72, height: 72, borderRadius: 6, background: '#f0f0f0' }}>
          <CloudUploadOutlined />
        </Flex>
      )}
      {waiting ? (
        <Typography.Text type="secondary" style={{ fontSize: 11 }}>
          {t('incidents.offline.waiting')}
        </Typography.Text>
      ) : (
        image.annotatedFileId && (
          <a href={image.originalUrl} target="_blank" rel="noreferrer" style={{ fontSize: 11 }}>
            {t('incidents.annotate.original')}
          </a>
        )
      )}
    </Flex>
  );
}

function TaskCard({ incident, task }: { incident: TIncidentFull; task: TTask }) {
  const { t } = useTranslation();
  const update = useMoveTask(incident._id);
  const verify = useVerifyTask();
  const photo = useTaskPhoto(incident._id);
  const remove = useRemoveTask();
  const [confirming, setConfirming] = useState(false);
  const canPhoto = task.can.update && task.status !== 'complete';
  const hasActions = (task.can.changeStatus && taskTransitionsFrom(task.status).length > 0) || task.can.verify || canPhoto || task.can.delete;
  return (
    <Card size="small" data-testid="task-card" title={task.name} extra={<TaskStatusTag status={task.status} overdue={task.overdue} />}>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {[
          task.responsible && `${t('incidents.fields.responsible')}: ${task.responsible.name}`,
          `${t('incidents.fields.priority')}: ${t(`incidents.priority.${task.priority}`)}`,
          task.dueDate && `${t('incidents.fields.dueDate')}: ${dayjs(task.dueDate).format('DD-MM-YYYY')}`,
          task.verifiedBy && `${t('incidents.verifiedBy')}: ${task.verifiedBy}`,
        ]
          .filter(Boolean)
          .join(' · ')}
      </Typography.Paragraph>
      {task.description && <Typography.Paragraph>{task.description}</Typography.Paragraph>}
      {task.images.length > 0 && (
        <Image.PreviewGroup>
          <Flex gap={6} wrap style={{ marginBottom: 8 }}>
            {task.images.map((img) => (
              <TaskImage key={img._id} image={img} alt={task.name} />
            ))}
          </Flex>
        </Image.PreviewGroup>
      )}
      {/* A task the caller may only read has no action row (it used to leave an empty strip). */}
      {hasActions && (
        <Space wrap>
          {task.can.changeStatus &&
            taskTransitionsFrom(task.status).map((to) => (
              <Button
                key={to}
                type={to === 'complete' ? 'primary' : 'default'}
                loading={update.isPending}
                onClick={() => update.mutate({ taskId: task._id, status: to })}
                data-testid={`task-move-${to}`}
              >
                {t(task.status === 'complete' ? 'incidents.taskMove.reopen' : MOVE_LABEL[to])}
              </Button>
            ))}
          {task.can.verify && (
            <>
              <Button
                type="primary"
                icon={<CheckOutlined />}
                loading={verify.isPending}
                onClick={() => verify.mutate({ taskId: task._id, approved: true })}
                data-testid="task-verify"
              >
                {t('incidents.verify')}
              </Button>
              <Button danger icon={<CloseOutlined />} loading={verify.isPending} onClick={() => verify.mutate({ taskId: task._id, approved: false })}>
                {t('incidents.reject')}
              </Button>
            </>
          )}
          {canPhoto && <PhotoButton loading={photo.isPending} onPhoto={(p) => photo.mutate({ photo: p, taskId: task._id })} testId="task-photo" />}
          {task.can.delete && <Button danger type="text" icon={<DeleteOutlined />} onClick={() => setConfirming(true)} aria-label={t('common.delete')} />}
        </Space>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('incidents.removeTaskTitle')}
        content={t('incidents.removeTaskQuestion', { name: task.name })}
        confirmText={t('common.delete')}
        loading={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => remove.mutate(task._id, { onSettled: () => setConfirming(false) })}
      />
    </Card>
  );
}

/** The incident's corrective actions, and the form that assigns a new one. */
export function TasksPanel({ incident }: { incident: TIncidentFull }) {
  const { t } = useTranslation();
  const add = useAddTask(incident._id);
  const [form] = Form.useForm();
  const [adding, setAdding] = useState(false);
  const open = !['resolved', 'solvedInPlace', 'superseded'].includes(incident.status);
  return (
    <Flex vertical gap={12}>
      {incident.tasks.length === 0 && <Empty description={t('incidents.noTasks')} />}
      {incident.tasks.map((task) => (
        <TaskCard key={task._id} incident={incident} task={task} />
      ))}
      {incident.can.addTask && open && !adding && (
        <Button icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="task-add" style={{ alignSelf: 'flex-start' }}>
          {t('incidents.addTask')}
        </Button>
      )}
      {adding && (
        <Card size="small" title={t('incidents.addTask')}>
          <Form
            form={form}
            layout="vertical"
            initialValues={{ priority: 'medium' }}
            onFinish={(values: { name: string; responsible?: string; priority: 'low' | 'medium' | 'high'; dueDate?: dayjs.Dayjs }) =>
              add.mutate(
                {
                  name: values.name,
                  responsible: values.responsible ?? null,
                  priority: values.priority,
                  dueDate: values.dueDate?.format('YYYY-MM-DD') ?? null,
                },
                {
                  onSuccess: () => {
                    form.resetFields();
                    setAdding(false);
                  },
                },
              )
            }
          >
            <Form.Item name="name" label={t('incidents.fields.name')} rules={[{ required: true, whitespace: true, message: t('incidents.required') }]}>
              <Input maxLength={INCIDENT_NAME_MAX} data-testid="task-name" />
            </Form.Item>
            <Form.Item name="responsible" label={t('incidents.fields.responsible')}>
              <OwnerSelect />
            </Form.Item>
            <Flex gap={12} wrap>
              <Form.Item name="priority" label={t('incidents.fields.priority')} style={{ minWidth: 140 }}>
                <Select options={TASK_PRIORITIES.map((p) => ({ value: p, label: t(`incidents.priority.${p}`) }))} />
              </Form.Item>
              <Form.Item name="dueDate" label={t('incidents.fields.dueDate')}>
                <DatePicker format="DD-MM-YYYY" data-testid="task-due" />
              </Form.Item>
            </Flex>
            <Flex gap={8} justify="end">
              <Button onClick={() => setAdding(false)}>{t('common.cancel')}</Button>
              <Button type="primary" htmlType="submit" loading={add.isPending} data-testid="task-save">
                {t('common.save')}
              </Button>
            </Flex>
          </Form>
        </Card>
      )}
    </Flex>
  );
}
