import type { Context } from '@fedify/fedify';
import { Application, Endpoints, Image, Link, Person } from '@fedify/vocab';
import type { AppContext } from '../../context.js';
import type { UserRow } from '../../db/schema/users.js';
import { RELIABILITY_REL } from './home-reliability.js';
import { INSTANCE_IDENTIFIER } from './paths.js';

/** Where an actor of ours receives, publishes and is followed. */
async function addresses(context: Context<AppContext>, identifier: string) {
  const keys = await context.getActorKeyPairs(identifier);
  return {
    id: context.getActorUri(identifier),
    inbox: context.getInboxUri(identifier),
    outbox: context.getOutboxUri(identifier),
    followers: context.getFollowersUri(identifier),
    endpoints: new Endpoints({ sharedInbox: context.getInboxUri() }),
    publicKey: keys[0]?.cryptographicKey ?? null,
    assertionMethods: keys.map((key) => key.multikey),
  };
}

/** The instance itself: it follows other instances and is followed by them (DESIGN §10). */
export async function instanceActorObject(context: Context<AppContext>): Promise<Application> {
  const { config } = context.data;
  return new Application({
    ...(await addresses(context, INSTANCE_IDENTIFIER)),
    preferredUsername: new URL(config.publicUrl).hostname,
    name: config.siteName,
    summary: `${config.siteName}, a SwapMarket community: people swap things, no money.`,
    url: new URL('/', config.publicUrl),
    manuallyApprovesFollowers: config.federation.approval === 'manual',
  });
}

/**
 * A member as other instances see them: their nickname, name and picture, nothing else: never
 * an email, a location or any private field. An attachment links to their public profile's JSON,
 * where another SwapMarket reads their reliability (issue 39 §3); others ignore a bare Link.
 */
export async function memberActorObject(
  context: Context<AppContext>,
  member: UserRow,
): Promise<Person> {
  const { publicUrl } = context.data.config;
  const name = [member.firstName, member.lastName].filter(Boolean).join(' ');
  return new Person({
    ...(await addresses(context, member.id)),
    preferredUsername: member.nickname,
    name: name || member.nickname,
    url: new URL(`/profile/${member.id}`, publicUrl),
    icon: member.profileImageUrl
      ? new Image({ url: new URL(member.profileImageUrl, publicUrl), mediaType: 'image/jpeg' })
      : null,
    manuallyApprovesFollowers: true,
    attachments: [
      new Link({
        rel: RELIABILITY_REL,
        href: new URL(`/api/users/${member.id}`, publicUrl),
        mediaType: 'application/json',
      }),
    ],
  });
}
