// The pushes the inbox page tests send through the push client: every template, every style type (and the
// big image and long text of styles 0 and 6), every channel level that changes what a phone shows, and an iOS
// alert. Each names the texts its card must show. Images are remote addresses (no request may leave the
// machine, so the page shows placeholders) except two inline ones, so that a screenshot shows real pictures.
import type { components } from '@pushapi/push-v1-client';

type Schemas = components['schemas'];
export type PushBody = Schemas['TemplatedMessage'] & { push_info?: Schemas['PushInfo'] };

export interface Sample {
  name: string;
  /** The card's heading: the bar title, else the iOS title, else what the page calls the message. */
  headline: string;
  msgtype: Schemas['TemplatedMessage']['message']['msgtype'];
  /** The style type, for messages with a notification. */
  style?: 0 | 1 | 4 | 6;
  body: PushBody;
  /** Texts the card shows. */
  shows: string[];
  /** Field list entries (term: description) the card shows. */
  fields?: Record<string, string>;
}

const envelope = <T extends PushBody['message']['msgtype']>(msgtype: T) => ({
  appkey: 'YOUR_APP_KEY',
  is_offline: true,
  offline_expire_time: 3_600_000,
  msgtype,
});

// Two small inline images (no network): a banner and a large picture.
const svg = (body: string) =>
  `data:image/svg+xml;base64,${Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 120">${body}</svg>`).toString('base64')}`;
export const INLINE_BANNER = svg(
  '<defs><linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="#ff7a18"/><stop offset="1" stop-color="#af002d"/></linearGradient></defs><rect width="320" height="120" fill="url(#g)"/><text x="20" y="72" font-family="sans-serif" font-size="34" font-weight="700" fill="#fff">Summer sale</text>',
);
export const INLINE_PICTURE = svg(
  '<rect width="320" height="120" fill="#2b6cb0"/><circle cx="250" cy="40" r="22" fill="#fbd38d"/><path d="M0 120 L90 50 L160 110 L220 70 L320 120Z" fill="#2f855a"/>',
);

/** One message of each style type: the inbox of the screenshots. */
export const STYLE_SAMPLES: Sample[] = [
  {
    name: 'style 0 (system) with a long text',
    headline: 'Order 42 shipped',
    msgtype: 'notification',
    style: 0,
    body: {
      message: envelope('notification'),
      notification: {
        transmission_type: true,
        transmission_content: 'order=42',
        style: {
          type: 0,
          title: 'Order 42 shipped',
          text: 'Arrives on Friday',
          logo: 'shop.png',
          big_style: '2',
          big_text: 'Your parcel left the warehouse at 09:12 and arrives on Friday between 10:00 and 14:00.',
          channelId: 'orders',
          channelName: 'Orders',
          channelLevel: 3,
          notify_id: 42,
        },
      },
    },
    shows: [
      'Order 42 shipped',
      'Arrives on Friday',
      'Your parcel left the warehouse',
      'Opens the app',
      'order=42',
      'Rings',
      'Vibrates',
    ],
    fields: {
      Style: '0 (system)',
      logo: 'shop.png',
      Channel:
        'Orders (id orders), level 3: Sound and vibration, shown on the lock screen and in the bar, wakes the screen',
      Ring: 'yes (default)',
      Vibrate: 'yes (default)',
      big_style: '2 (long text)',
      notify_id: '42 (replaces an earlier message with the same id)',
      transmission_type: 'true: starts the app at once',
    },
  },
  {
    name: 'style 1 (vendor), silent, on a quiet channel',
    headline: 'Flash offer',
    msgtype: 'link',
    style: 1,
    body: {
      message: envelope('link'),
      link: {
        url: 'https://www.example.com/offers/flash',
        style: {
          type: 1,
          title: 'Flash offer',
          text: 'Two hours only',
          logo: 'shop.png',
          logourl: 'https://www.example.com/offer-icon.png',
          is_ring: false,
          is_vibrate: false,
          channelId: 'offers',
          channelName: 'Offers',
          channelLevel: 2,
        },
      },
    },
    shows: [
      'Flash offer',
      'Two hours only',
      'Opens the address https://www.example.com/offers/flash',
      'Silent (channel level 2)',
      'Does not wake the screen',
    ],
    fields: { Style: '1 (vendor)', logourl: 'https://www.example.com/offer-icon.png', Ring: 'no', Vibrate: 'no' },
  },
  {
    name: 'style 4 (background image)',
    headline: 'Background image',
    msgtype: 'notification',
    style: 4,
    body: {
      message: envelope('notification'),
      notification: { style: { type: 4, banner_url: INLINE_BANNER, logo: 'shop.png', is_clearable: false } },
    },
    shows: ['Cannot be swiped away', 'Opens the app'],
    fields: { Style: '4 (background image)', Clearable: 'no', Channel: 'Not set by style 4 (the app default channel)' },
  },
  {
    name: 'style 6 (expanded) with a big image, floating',
    headline: 'New photos from Anna',
    msgtype: 'startactivity',
    style: 6,
    body: {
      message: { ...envelope('startactivity'), push_network_type: 1 },
      startactivity: {
        intent: 'intent:#Intent;component=com.example.app/.AlbumActivity;S.album=anna;end',
        style: {
          type: 6,
          title: 'New photos from Anna',
          text: '12 photos in "Lake trip"',
          logourl: 'https://www.example.com/anna.png',
          banner_url: 'https://www.example.com/thumb.png',
          big_style: '1',
          big_image_url: INLINE_PICTURE,
          channelName: 'Albums',
          channelLevel: 4,
        },
      },
    },
    shows: [
      'New photos from Anna',
      '12 photos in "Lake trip"',
      'Opens the intent intent:#Intent;component=com.example.app/.AlbumActivity;S.album=anna;end',
      'Floats over the screen',
    ],
    fields: {
      Style: '6 (expanded)',
      big_style: '1 (big image)',
      push_network_type: '1 (wifi only)',
      banner_url: 'https://www.example.com/thumb.png',
      big_image_url: `data:image/svg+xml (inline, ${INLINE_PICTURE.length} characters)`,
    },
  },
];

/** The templates not covered above, styles 0 and 6 in their other layouts, the levels that hide, and iOS. */
export const MORE_SAMPLES: Sample[] = [
  {
    name: 'notypopload: notification, then a download dialog',
    headline: 'Version 2.0 is ready',
    msgtype: 'notypopload',
    style: 0,
    body: {
      message: envelope('notypopload'),
      notypopload: {
        notyicon: 'update.png',
        notytitle: 'Version 2.0 is ready',
        notycontent: 'Tap to download the update',
        poptitle: 'Download version 2.0?',
        popcontent: 'The update is 24 MB.',
        popimage: 'https://www.example.com/pop.png',
        popbutton1: 'Later',
        popbutton2: 'Download',
        loadicon: 'https://www.example.com/load.png',
        loadtitle: 'Downloading version 2.0',
        loadurl: 'https://www.example.com/app-2.0.apk',
        is_autoinstall: true,
        style: {
          type: 0,
          title: 'Update',
          text: 'Version 2.0',
          logo: 'update.png',
          big_style: '1',
          big_image_url: 'https://www.example.com/release.png',
        },
      },
    },
    shows: [
      'Version 2.0 is ready',
      'Tap to download the update',
      'Download version 2.0?',
      'The update is 24 MB.',
      'Later',
      'Download',
      'Downloading version 2.0',
      'Opens the download dialog: "Later" or "Download"',
    ],
    fields: {
      loadurl: 'https://www.example.com/app-2.0.apk',
      is_autoinstall: 'yes',
      is_actived: 'no (default)',
      Style: '0 (system)',
      title: 'Update',
      text: 'Version 2.0',
      notyicon: 'update.png',
      popimage: 'https://www.example.com/pop.png',
    },
  },
  {
    name: 'transmission: raw content, no notification',
    headline: 'Delivered to the app (pass-through)',
    msgtype: 'transmission',
    body: {
      message: envelope('transmission'),
      transmission: { transmission_type: false, transmission_content: '{"order":42,"status":"shipped"}' },
    },
    shows: ['{"order":42,"status":"shipped"}', 'Nothing is shown: the app receives the content'],
    fields: { transmission_type: 'false: waits for the app to start' },
  },
  {
    name: 'push_info: an iOS alert beside a pass-through',
    headline: 'Your table is ready',
    msgtype: 'transmission',
    body: {
      message: envelope('transmission'),
      transmission: { transmission_content: 'table=7' },
      push_info: {
        aps: {
          alert: { title: 'Your table is ready', subtitle: 'Table 7', body: 'Please come to the front desk' },
          autoBadge: '+1',
          sound: 'ding.caf',
          category: 'TABLE',
        },
        payload: 'table=7',
        multimedia: [
          { url: 'https://www.example.com/table.jpg', type: 1 },
          { url: 'https://www.example.com/chime.mp3', type: 2, only_wifi: true },
        ],
      },
    },
    shows: [
      'Your table is ready',
      'Table 7',
      'Please come to the front desk',
      'Badge: +1',
      'Sound: ding.caf',
      'image: https://www.example.com/table.jpg',
      'audio: https://www.example.com/chime.mp3 (wifi only)',
    ],
    fields: { 'push_info category': 'TABLE', 'push_info payload': 'table=7' },
  },
  {
    name: 'style 0 with a big image on a hidden channel (level 1)',
    headline: 'Weekly digest',
    msgtype: 'notification',
    style: 0,
    body: {
      message: envelope('notification'),
      notification: {
        style: {
          type: 0,
          title: 'Weekly digest',
          text: 'Five stories',
          logo: 'news.png',
          big_style: '1',
          big_image_url: 'https://www.example.com/digest.png',
          channelLevel: 1,
        },
      },
    },
    shows: ['Weekly digest', 'Hidden on the lock screen (channel level 1)', 'Collapsed in the bar: channel level 1.'],
    fields: { big_image_url: 'https://www.example.com/digest.png' },
  },
  {
    name: 'style 6 with a long text on a muted channel (level 0)',
    headline: 'Background sync',
    msgtype: 'notification',
    style: 6,
    body: {
      message: envelope('notification'),
      notification: {
        style: {
          type: 6,
          title: 'Background sync',
          text: 'Up to date',
          big_style: '2',
          big_text: 'Synced 120 items in 3 folders.',
          channelLevel: 0,
        },
      },
    },
    shows: [
      'Background sync',
      'Synced 120 items in 3 folders.',
      'Not shown on the phone: channel level 0.',
      'Nothing on the lock screen (channel level 0).',
    ],
    fields: { big_text: 'Synced 120 items in 3 folders.' },
  },
];

export const ALL_SAMPLES = [...STYLE_SAMPLES, ...MORE_SAMPLES];
