import { useState } from 'react';
import { Button, Empty, Flex, Input, List, Space, Tag, Typography } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { COMMENT_MAX } from '@audit/domain/incidents';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { useMe } from '../../session/me';
import { useAddComment, useEditComment, useRemoveComment, type TComment, type TIncidentFull } from './incidentsApi';

function CommentItem({ incidentId, comment, myName }: { incidentId: string; comment: TComment; myName: string }) {
  const { t } = useTranslation();
  // Waiting on the device (decision 0054): written by this user, not sent yet.
  const waiting = comment._id.startsWith('pending-');
  const edit = useEditComment(incidentId);
  const remove = useRemoveComment(incidentId);
  const [text, setText] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  return (
    <List.Item
      data-testid={waiting ? 'comment-waiting' : 'comment'}
      actions={[
        comment.can.update && text === null && (
          <Button key="edit" type="text" icon={<EditOutlined />} aria-label={t('common.edit')} onClick={() => setText(comment.text)} />
        ),
        comment.can.delete && (
          <Button key="remove" type="text" danger icon={<DeleteOutlined />} aria-label={t('common.delete')} onClick={() => setConfirming(true)} />
        ),
      ].filter(Boolean)}
    >
      <List.Item.Meta
        title={
          <Space size={6} wrap>
            <Typography.Text strong>{waiting ? myName : comment.author.name}</Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {dayjs(comment.createdAt).format('DD-MM-YYYY HH:mm')}
            </Typography.Text>
            {waiting && (
              <Tag color="orange" style={{ marginInlineEnd: 0 }}>
                {t('incidents.offline.waiting')}
              </Tag>
            )}
          </Space>
        }
        description={
          text === null ? (
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{comment.text}</Typography.Paragraph>
          ) : (
            <Flex vertical gap={6}>
              <Input.TextArea value={text} onChange={(e) => setText(e.target.value)} maxLength={COMMENT_MAX} autoSize={{ minRows: 2, maxRows: 8 }} />
              <Space>
                <Button onClick={() => setText(null)}>{t('common.cancel')}</Button>
                <Button
                  type="primary"
                  disabled={!text.trim()}
                  loading={edit.isPending}
                  onClick={() => edit.mutate({ commentId: comment._id, text }, { onSuccess: () => setText(null) })}
                >
                  {t('common.save')}
                </Button>
              </Space>
            </Flex>
          )
        }
      />
      <ConfirmDialog
        open={confirming}
        title={t('incidents.removeCommentTitle')}
        content={t('common.deleteQuestion')}
        confirmText={t('common.delete')}
        loading={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => remove.mutate(comment._id, { onSettled: () => setConfirming(false) })}
      />
    </List.Item>
  );
}

/**
 * Comments, read with the incident (its device copy offline, decision 0054): add, offline too; the
 * author edits or removes their own (asking first), online.
 */
export function CommentsPanel({ incident }: { incident: TIncidentFull }) {
  const { t } = useTranslation();
  const me = useMe().data;
  const myName = me ? `${me.firstName} ${me.lastName ?? ''}`.trim() : '';
  const incidentId = incident._id;
  const comments = incident.comments ?? [];
  const add = useAddComment(incidentId);
  const [text, setText] = useState('');
  return (
    <Flex vertical gap={12}>
      {comments.length === 0 && <Empty description={t('incidents.noComments')} />}
      {comments.length > 0 && (
        <List data-testid="comments" dataSource={comments} renderItem={(c) => <CommentItem incidentId={incidentId} comment={c} myName={myName} />} />
      )}
      {incident.can.comment && (
        <Flex vertical gap={6}>
          <Input.TextArea
            value={text}
            onChange={(e) => setText(e.target.value)}
            maxLength={COMMENT_MAX}
            autoSize={{ minRows: 2, maxRows: 8 }}
            placeholder={t('incidents.commentPlaceholder')}
            data-testid="comment-text"
          />
          <Button
            type="primary"
            disabled={!text.trim()}
            loading={add.isPending}
            onClick={() => add.mutate(text, { onSuccess: () => setText('') })}
            style={{ alignSelf: 'flex-end' }}
            data-testid="comment-add"
          >
            {t('incidents.addComment')}
          </Button>
        </Flex>
      )}
    </Flex>
  );
}
