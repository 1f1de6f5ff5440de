/** One recognisable icon per kind of social link (content-schema SOCIAL_KINDS). */
import type { ComponentType, SVGProps } from 'react';
import type { SocialKind } from '#shared/content-schema';
import {
  ChatServerIcon,
  CodeHostIcon,
  ForumIcon,
  MembershipIcon,
  MusicStreamingIcon,
  PhotoSiteIcon,
  ShortPostIcon,
  ShortVideoIcon,
  SocialNetworkIcon,
  VideoSiteIcon,
} from '../../ui/icons';

export const SOCIAL_ICONS: Record<
  SocialKind,
  ComponentType<SVGProps<SVGSVGElement> & { size?: number }>
> = {
  video: VideoSiteIcon,
  chat: ChatServerIcon,
  photo: PhotoSiteIcon,
  code: CodeHostIcon,
  shortPost: ShortPostIcon,
  membership: MembershipIcon,
  shortVideo: ShortVideoIcon,
  socialNetwork: SocialNetworkIcon,
  forum: ForumIcon,
  music: MusicStreamingIcon,
};
